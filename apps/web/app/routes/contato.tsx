import type { Route } from './+types/contato';
import { getContactPage } from '~/features/contact/data.server';
import { publishedContent } from '~/lib/published-content.server';
import { ContactPage } from '~/features/contact/components/contact-page';

export function loader({ context }: Route.LoaderArgs) {
  return getContactPage(context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <ContactPage {...loaderData.page} />;
}
