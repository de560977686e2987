/** The staff overview: every course with its places, enrolled people, window and attendance. */
import { formatClassMeetings } from '@centro/content/site';
import { classStatus, placesTaken } from '@centro/contracts/class-status';
import type { StaffCourseSummary } from '@centro/contracts';
import { Link } from 'react-router';

const programmeNames: Record<string, string> = {
  'global-kardec': 'Global Kardec',
  'escola-de-mediuns': 'Escola de Médiuns',
};

export function Overview({
  courses,
  coordination,
}: {
  courses: StaffCourseSummary[];
  /** Only Coordenação changes a course's settings: the others are told whom to ask. */
  coordination: boolean;
}) {
  const now = new Date().toISOString();
  const status = (course: StaffCourseSummary) =>
    classStatus({ ...course, state: course.classState }, now);
  const programmes = [...new Set(courses.map((c) => c.programme))];
  const withoutInvite = courses.filter((c) => !c.hasInvite).length;
  return (
    <>
      {withoutInvite > 0 && (
        <p className="staff__missing-invites">
          {withoutInvite === 1
            ? '1 curso ainda não tem o convite do grupo de WhatsApp'
            : `${withoutInvite} cursos ainda não têm o convite do grupo de WhatsApp`}
          : quem se inscreve fica sabendo que o link será enviado mais tarde.{' '}
          {coordination
            ? 'Cole o link do convite nas configurações de cada curso marcado abaixo.'
            : 'Peça à Coordenação que cole o link do convite nas configurações de cada curso marcado abaixo.'}
        </p>
      )}
      {programmes.map((programme) => (
        <section key={programme} className="staff__programme" aria-labelledby={`p-${programme}`}>
          <h2 id={`p-${programme}`}>{programmeNames[programme] ?? programme}</h2>
          <ul className="plain-list staff__courses">
            {courses
              .filter((c) => c.programme === programme)
              .map((course) => (
                <li key={course.slug} className="staff__course">
                  <h3>
                    {/* The class these figures are of, as the course's view opens on it (decision 077). */}
                    <Link
                      to={`?curso=${encodeURIComponent(course.slug)}&turma=${encodeURIComponent(course.classId)}`}
                    >
                      {course.title}
                    </Link>
                  </h3>
                  <p className="staff__figures">
                    <span>{course.className}</span>
                    <span>{placesTaken(course.enrolled, course.places)}</span>
                    <span>Livres: {Math.max(0, course.places - course.enrolled)}</span>
                    <span>Lista de espera: {course.waiting}</span>
                  </p>
                  <p className={`staff__state staff__state--${course.state}`}>
                    {status(course).label}
                    {status(course).note && <span> · {status(course).note}</span>}
                  </p>
                  <p className="staff__meetings">
                    {formatClassMeetings({ ...course, count: course.meetings })}
                  </p>
                  {!course.hasInvite && (
                    <p className="staff__no-invite">Sem convite do grupo de WhatsApp</p>
                  )}
                  {course.attendance.some((n) => n > 0) && (
                    <p className="staff__attendance">
                      Presentes por encontro:{' '}
                      {course.attendance.map((n, i) => `${i + 1}º ${n}`).join(' · ')}
                    </p>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
