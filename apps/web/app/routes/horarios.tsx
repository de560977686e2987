import type { Route } from './+types/horarios';
import { getSchedulePage } from '~/features/schedule/data.server';
import { SchedulePage } from '~/features/schedule/components/schedule-page';
import { classesOf, contactOf, publishedContent } from '~/lib/published-content.server';

// The schedule saved in the staff area, the classes and the centre's recesses, when the server
// renders the page again (decisions 054, 075, 092).
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(publishedContent);
  return getSchedulePage(
    content.schedule,
    contactOf(content).whatsapp,
    (course) => classesOf(content, course),
    content.recesses,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SchedulePage {...loaderData.page} />;
}
