/**
 * 'Encontros' on a course page: for each class shown (decision 075: one, or each listed to
 * visitors, under its name), the first meeting, the weekly day and time, how many meetings, the
 * dates changed (decision 091) and where. The texts come ready from the classes when the page is rendered (data.server.ts); no
 * logic here.
 */
import type { CourseMeetingsData } from '../types';

export function CourseMeetings({ classes }: { classes: readonly CourseMeetingsData[] }) {
  return (
    <section className="course-meetings" aria-labelledby="encontros">
      <h2 id="encontros">Encontros</h2>
      {classes.map(({ name, firstMeeting, weeklySlot, count, place, changes }, index) => (
        <div key={index}>
          {name && <h3>{name}</h3>}
          <ul className="plain-list">
            <li>
              <strong>Primeiro encontro:</strong> {firstMeeting}
            </li>
            <li>
              {weeklySlot} ({count})
            </li>
            {changes?.map((change) => (
              <li key={change}>{change}</li>
            ))}
            <li>
              <strong>Local:</strong> {place}
            </li>
          </ul>
        </div>
      ))}
    </section>
  );
}
