import type { Route } from './+types/horarios';
import { getSchedulePage } from '~/features/schedule/data.server';
import { SchedulePage } from '~/features/schedule/components/schedule-page';
import { contactOf, publishedContent } from '~/lib/published-content.server';

// The schedule saved in the staff area when the server renders the page again (decision 054),
// and the centre's recesses (decision 092).
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(publishedContent);
  return getSchedulePage(content.schedule, contactOf(content).whatsapp, content.recesses);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SchedulePage {...loaderData.page} />;
}
