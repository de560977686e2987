/**
 * The course page's action for a signed-in person (issue 13), from their state in the API (the
 * page stays prerendered): enrolled, the WhatsApp group and 'Cancelar inscrição' (with a
 * confirmation step); waiting, the position and 'Sair da lista de espera'; neither, the enrolment
 * button while places are left, 'Entrar na lista de espera' when the course is full. Signed out,
 * or when enrolment is not open and the person holds nothing here, the enrolment feature's button
 * (or nothing) as before.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '~/auth/use-auth';

const SignedInCourseAction = lazy(() => import('./signed-in-course-action'));

export interface CourseActionProps {
  slug: string;
  /** Enrolment is open at the server's clock (or not known yet). */
  open: boolean;
  /** No place is left (known from the availability call). */
  full: boolean;
  /** 'Quero me inscrever' / 'Finalizar inscrição', from the enrolment feature. */
  enrolButton: ReactNode;
}

export function CourseAction(props: CourseActionProps) {
  const { status } = useAuth();
  if (status !== 'signed-in') return props.open ? props.enrolButton : null;
  return (
    <Suspense fallback={<p role="status">Carregando…</p>}>
      <SignedInCourseAction {...props} />
    </Suspense>
  );
}
