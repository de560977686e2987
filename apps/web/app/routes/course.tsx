/**
 * The course pages (spec section 2): the course, and the action the route gives it: 'Quero me
 * inscrever' while nobody is signed in (enrolment feature); for a signed-in person, their own place
 * or waiting position (participant feature) over 'Finalizar inscrição', loaded then
 * (course-signed-in-action.tsx).
 */
import { lazy, Suspense } from 'react';
import type { Route } from './+types/course';
import { useAuth } from '~/auth/use-auth';
import { getCoursePage } from '~/features/courses/data.server';
import { CoursePage } from '~/features/courses/components/course-page';
import { EnrolButton } from '~/features/enrolment/components/enrol-button';
import { publishedContent } from '~/lib/published-content.server';

const CourseSignedInAction = lazy(() => import('./course-signed-in-action'));

/** One module for the 20 course pages, each its own route (see routes.ts). */
export function loader({ url, context }: Route.LoaderArgs) {
  return getCoursePage(url.pathname, context.get(publishedContent));
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The course (courses feature) with its action (participant and enrolment features), composed here. */
export default function Screen({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { status } = useAuth();
  return (
    <CoursePage
      {...page}
      enrolAction={(situation) =>
        status === 'signed-in' ? (
          <Suspense fallback={<p role="status">Carregando…</p>}>
            <CourseSignedInAction course={page} {...situation} />
          </Suspense>
        ) : situation.open ? (
          <EnrolButton />
        ) : null
      }
    />
  );
}
