import type { Route } from './+types/home';
import { getHomePage } from '~/features/home/data.server';
import { HomePage } from '~/features/home/components/home-page';

export function loader() {
  return getHomePage();
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData.page} />;
}
