import type { ProgrammePageData } from '../types';
import { CourseCard } from './course-card';
import '../courses.css';

/** Cards after the first two are below the fold on a phone. */
const EAGER_IMAGES = 2;

export function ProgrammePage({ name, introduction, stages }: ProgrammePageData) {
  let position = 0;
  return (
    <div className="page programme">
      <p className="eyebrow">Cursos gratuitos</p>
      <h1>{name}</h1>
      <div className="prose">
        {introduction.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {stages.map((stage, index) => (
        <section key={stage.name} className="stage" aria-labelledby={`etapa-${index + 1}`}>
          <h2 id={`etapa-${index + 1}`}>{stage.name}</h2>
          <ul className="course-grid plain-list">
            {stage.courses.map((course) => (
              <CourseCard
                key={course.slug}
                course={course}
                lazyImage={position++ >= EAGER_IMAGES}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
