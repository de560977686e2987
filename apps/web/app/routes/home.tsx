import type { Route } from './+types/home';
import { getHomePage } from '~/features/home/data.server';
import { publishedContent } from '~/lib/published-content.server';
import { HomePage } from '~/features/home/components/home-page';

export function loader({ context }: Route.LoaderArgs) {
  return getHomePage(context.get(publishedContent).photos);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData.page} />;
}
