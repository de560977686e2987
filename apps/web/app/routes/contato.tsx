import type { Route } from './+types/contato';
import { getContactPage } from '~/features/contact/data.server';
import { ContactPage } from '~/features/contact/components/contact-page';

export function loader() {
  return getContactPage();
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <ContactPage {...loaderData.page} />;
}
