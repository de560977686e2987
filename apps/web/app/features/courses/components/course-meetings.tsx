/**
 * 'Encontros' on a course page: the first meeting, the weekly day and time, how many meetings and
 * where. The texts come ready from the content at build time (data.server.ts); no logic here.
 */
import type { CourseMeetingsData } from '../types';

export function CourseMeetings({ firstMeeting, weeklySlot, count, place }: CourseMeetingsData) {
  return (
    <section className="course-meetings" aria-labelledby="encontros">
      <h2 id="encontros">Encontros</h2>
      <ul className="plain-list">
        <li>
          <strong>Primeiro encontro:</strong> {firstMeeting}
        </li>
        <li>
          {weeklySlot} ({count})
        </li>
        <li>
          <strong>Local:</strong> {place}
        </li>
      </ul>
    </section>
  );
}
