import { pageTitle } from '~/lib/seo';
import { useShell } from '~/lib/shell';

/**
 * Sets the document title from a component (React hoists <title> into the head). Only for screens
 * whose title depends on the auth state, which a route's meta function cannot know.
 */
export function DocumentTitle({ title }: { title: string }) {
  const shell = useShell();
  return <title>{shell ? pageTitle(title, shell.site.portalName) : title}</title>;
}
