import type { Route } from './+types/programme';
import { getProgrammePage } from '~/features/courses/data.server';
import { ProgrammePage } from '~/features/courses/components/programme-page';
import { publishedContent } from '~/lib/published-content.server';

/** One module for both programme pages (/global-kardec, /escola-de-mediuns). */
export function loader({ url, context }: Route.LoaderArgs) {
  return getProgrammePage(url.pathname, context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <ProgrammePage {...loaderData.page} />;
}
