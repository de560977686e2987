import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentImage } from '~/components/content-image';
import type { CoursePageData } from '../types';
import { CourseMeetings } from './course-meetings';
import type { EnrolmentSituation } from '../types';
import { PlacesLeft } from './places-left';
import { ShareCourse } from './share-course';
import '../courses.css';

/** A course's page; the route gives it the enrolment button (features do not import each other). */
export function CoursePage({
  programme,
  slug,
  title,
  stage,
  welcome,
  descriptionHtml,
  audience,
  image,
  meetings,
  share,
  prerequisite,
  enrolAction,
}: CoursePageData & {
  /**
   * The course's action ('Quero me inscrever', 'Finalizar inscrição', the person's own place or
   * waiting position), given by the route, for the enrolment situation the page learns.
   */
  enrolAction: (situation: EnrolmentSituation) => ReactNode;
}) {
  return (
    <div className="page course">
      <div className="course__head">
        <nav aria-label="Você está em" className="breadcrumb">
          <ol className="plain-list">
            <li>
              <Link to="/">Início</Link>
            </li>
            <li>
              <Link to={programme.path}>{programme.name}</Link>
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <p className="eyebrow">
          {programme.name} · {stage}
        </p>
        <h1>{title}</h1>
        <p className="lead">{welcome}</p>
      </div>

      <ContentImage className="course__image" image={image} priority="high" />

      <div className="course__body prose">
        <h2>Sobre o curso</h2>
        {/* HTML made on the server from sanitised texts (decision 064). */}
        <div dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        <h2>Para quem é</h2>
        <p>{audience}</p>
        <CourseMeetings classes={meetings} />
        <ShareCourse title={title} {...share} />
      </div>

      <section className="course__enrol enrol" aria-labelledby="inscricao">
        <h2 id="inscricao">Inscrição</h2>
        {prerequisite && <p>{prerequisite}</p>}
        <PlacesLeft slug={slug} action={enrolAction} />
        <p className="enrol__help">
          Primeira vez por aqui? Veja{' '}
          <Link to="/como-se-inscrever">como se inscrever, passo a passo</Link>.
        </p>
      </section>
    </div>
  );
}
