import type { Route } from './+types/not-found';
import { NOT_FOUND_TITLE, NotFoundPage } from '~/components/errors/error-pages';
import { buildNoIndexMeta } from '~/lib/seo';
import { rootShell } from '~/lib/shell';

/** Prerendered once as /404; the server sends that page, with status 404, for every unknown path. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = rootShell(matches);
  return shell ? buildNoIndexMeta(shell.site, NOT_FOUND_TITLE) : [];
};

export default function Screen() {
  return <NotFoundPage />;
}
