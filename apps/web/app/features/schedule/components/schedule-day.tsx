import type { ScheduleDayView } from '../types';
import { WhatsAppIcon } from './whatsapp-icon';

interface ScheduleDayCardProps {
  day: ScheduleDayView;
  headingId: string;
}

export function ScheduleDayCard({ day, headingId }: ScheduleDayCardProps) {
  return (
    <article className="schedule-day" aria-labelledby={headingId}>
      <h2 id={headingId}>{day.day}</h2>
      <ul className="schedule-day__activities plain-list">
        {day.activities.map((activity) => (
          <li key={`${activity.time}-${activity.title}`} className="activity">
            <span className="activity__time">{activity.time}</span>
            <span className="activity__text">
              <strong className="activity__title">{activity.title}</strong>
              {activity.note && <span className="activity__note">{activity.note}</span>}
            </span>
          </li>
        ))}
      </ul>
      <a className="btn btn-whatsapp" href={day.questionHref} aria-describedby={headingId}>
        <WhatsAppIcon />
        Tirar Dúvidas
      </a>
    </article>
  );
}
