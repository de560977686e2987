import type { Route } from './+types/course';
import { getCoursePage } from '~/features/courses/data.server';
import { CoursePage } from '~/features/courses/components/course-page';

/** One module for the 20 course pages, each its own route (see routes.ts). */
export function loader({ url }: Route.LoaderArgs) {
  return getCoursePage(url.pathname);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <CoursePage {...loaderData.page} />;
}
