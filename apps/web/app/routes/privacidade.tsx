import type { Route } from './+types/privacidade';
import { getPrivacyPage } from '~/features/privacy/data.server';
import { publishedContent } from '~/lib/published-content.server';
import { PrivacyPage } from '~/features/privacy/components/privacy-page';

export function loader({ context }: Route.LoaderArgs) {
  return getPrivacyPage(context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage {...loaderData.page} />;
}
