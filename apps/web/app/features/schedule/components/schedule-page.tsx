import { scheduleCalendarPath } from '@centro/content/site';
import { SCHEDULE_TITLE } from '../copy';
import type { SchedulePageData } from '../types';
import { CourseDays } from './course-days';
import { ScheduleDayCard } from './schedule-day';
import '../schedule.css';

export function SchedulePage({ days, courseDays, recesses }: SchedulePageData) {
  return (
    <div className="page">
      <h1>{SCHEDULE_TITLE}</h1>
      <p className="lead prose">
        Confira as atividades da semana. Ficou com alguma dúvida? Use o botão “Tirar Dúvidas” do dia
        e fale com a gente pelo WhatsApp.
      </p>
      <p>
        {/* A file the server serves (not a route of the site): a plain link, not <Link>. */}
        <a className="btn btn-outline" href={scheduleCalendarPath} download>
          Adicionar à minha agenda
        </a>
      </p>
      {recesses && (
        <section className="schedule__recesses" aria-labelledby="recessos">
          <h2 id="recessos">Recessos</h2>
          <p>Nestes períodos não há encontros dos cursos:</p>
          <ul>
            {recesses.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <ul className="schedule plain-list">
        {days.map((day, index) => (
          <li key={day.day}>
            <ScheduleDayCard day={day} headingId={`dia-${index + 1}`} />
          </li>
        ))}
      </ul>
      <CourseDays days={courseDays} />
    </div>
  );
}
