import type { Route } from './+types/saiba-mais';
import { getAboutPage } from '~/features/about/data.server';
import { AboutPage } from '~/features/about/components/about-page';
import { publishedContent } from '~/lib/published-content.server';

// The text and photos saved in the staff area when the server renders the page again
// (decisions 064, 065).
export function loader({ context }: Route.LoaderArgs) {
  return getAboutPage(context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <AboutPage {...loaderData.page} />;
}
