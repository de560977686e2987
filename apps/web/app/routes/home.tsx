import type { Route } from './+types/home';
import { getHomePage } from '~/features/home/data.server';
import { HomePage } from '~/features/home/components/home-page';
import { publishedContent } from '~/lib/published-content.server';

// The texts and photos saved in the staff area when the server renders the page again
// (decisions 064, 065).
export function loader({ context }: Route.LoaderArgs) {
  return getHomePage(context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData.page} />;
}
