/**
 * 'Cursos' on /horarios: the weekdays on which courses meet, each course's class at its time,
 * linked to its page (decision 075). The texts come ready from the classes when the page is
 * rendered (course-meetings.ts); no logic here.
 */
import { Link } from 'react-router';
import type { CourseMeetingDay } from '../types';

export function CourseDays({ days }: { days: readonly CourseMeetingDay[] }) {
  if (days.length === 0) return null;
  return (
    <section className="course-days" aria-labelledby="cursos">
      <h2 id="cursos">Cursos</h2>
      <p className="prose">
        Dias e horários das turmas. Na página de cada curso estão as datas, o local e a inscrição.
      </p>
      <ul className="schedule plain-list">
        {days.map((day) => (
          <li key={day.day}>
            <div className="schedule-day">
              <h3>{day.day}</h3>
              <ul className="schedule-day__activities plain-list">
                {day.courses.map((course) => (
                  <li key={`${course.path}-${course.title}`} className="activity">
                    <span className="activity__time">{course.time}</span>
                    <span className="activity__text">
                      <Link className="activity__title" to={course.path}>
                        {course.title}
                      </Link>
                      <span className="activity__note">{course.note}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
