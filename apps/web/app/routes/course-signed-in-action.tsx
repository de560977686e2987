/**
 * The course page's action for a signed-in person, composed here (features do not import each
 * other): their own place or waiting position (participant feature) over 'Finalizar
 * inscrição' (enrolment feature). Not a route: routes/course.tsx loads it once someone is signed in,
 * one chunk that an anonymous visitor's first load does not carry (the public pages' JavaScript budget).
 */
import { FinishEnrolmentButton } from '~/features/enrolment/components/finish-enrolment-button';
import type { EnrolmentCourse } from '~/features/enrolment/types';
import { SignedInCourseAction } from '~/features/participant/components/signed-in-course-action';
import type { EnrolmentSituation } from '~/features/courses/types';

export default function CourseSignedInAction({
  course,
  open,
  full,
  report,
  notYetOpen = false,
  turma,
}: EnrolmentSituation & { course: EnrolmentCourse }) {
  return (
    <SignedInCourseAction
      slug={course.slug}
      open={open}
      full={full}
      onOwn={report}
      notYetOpen={notYetOpen}
      turma={turma}
      enrolButton={<FinishEnrolmentButton course={turma ? { ...course, turma } : course} />}
    />
  );
}
