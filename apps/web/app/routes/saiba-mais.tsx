import type { Route } from './+types/saiba-mais';
import { getAboutPage } from '~/features/about/data.server';
import { publishedContent } from '~/lib/published-content.server';
import { AboutPage } from '~/features/about/components/about-page';

export function loader({ context }: Route.LoaderArgs) {
  return getAboutPage(context.get(publishedContent).photos);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <AboutPage {...loaderData.page} />;
}
