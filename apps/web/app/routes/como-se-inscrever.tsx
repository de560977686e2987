import type { Route } from './+types/como-se-inscrever';
import { getTutorialPage } from '~/features/tutorial/data.server';
import { TutorialPage } from '~/features/tutorial/components/tutorial-page';

export function loader() {
  return getTutorialPage();
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <TutorialPage {...loaderData.page} />;
}
