import type { Route } from './+types/horarios';
import { getSchedulePage } from '~/features/schedule/data.server';
import { SchedulePage } from '~/features/schedule/components/schedule-page';

export function loader() {
  return getSchedulePage();
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SchedulePage {...loaderData.page} />;
}
