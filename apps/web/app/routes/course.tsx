/** The course pages (spec section 2): the course, and the enrolment button the route gives it. */
import type { Route } from './+types/course';
import { getCoursePage } from '~/features/courses/data.server';
import { CoursePage } from '~/features/courses/components/course-page';
import { EnrolButton } from '~/features/enrolment/components/enrol-button';

/** One module for the 20 course pages, each its own route (see routes.ts). */
export function loader({ url }: Route.LoaderArgs) {
  return getCoursePage(url.pathname);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The course (courses feature) with its enrolment button (enrolment feature), composed here. */
export default function Screen({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <CoursePage {...page} enrolButton={<EnrolButton course={page} />} />;
}
