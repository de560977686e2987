/**
 * The course pages (spec section 2): the course, and the action the route gives it: the person's
 * own place or waiting position (participant feature, issue 13) over the enrolment button.
 */
import type { Route } from './+types/course';
import { getCoursePage } from '~/features/courses/data.server';
import { CoursePage } from '~/features/courses/components/course-page';
import { EnrolButton } from '~/features/enrolment/components/enrol-button';
import { CourseAction } from '~/features/participant/components/course-action';

/** One module for the 20 course pages, each its own route (see routes.ts). */
export function loader({ url }: Route.LoaderArgs) {
  return getCoursePage(url.pathname);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The course (courses feature) with its action (participant and enrolment features), composed here. */
export default function Screen({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <CoursePage
      {...page}
      enrolAction={({ open, full }) => (
        <CourseAction
          slug={page.slug}
          open={open}
          full={full}
          enrolButton={<EnrolButton course={page} />}
        />
      )}
    />
  );
}
