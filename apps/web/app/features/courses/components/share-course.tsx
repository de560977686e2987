/**
 * 'Compartilhar' on a course page: a plain link to WhatsApp (`wa.me/?text=`, the course's
 * title and address), which works without JavaScript, the browser's own share sheet (Web Share
 * API, ./native-share.tsx, loaded once hydrated) where the browser has one, and the course's
 * meetings as a calendar file (one per class shown). The texts and links come with the page's data (../share.ts).
 * No third-party script, no library.
 */
import { lazy, Suspense } from 'react';
import type { CourseShareData } from '../types';

const NativeShare = lazy(() => import('./native-share'));

export type ShareCourseProps = CourseShareData & { title: string };

export function ShareCourse({ title, url, calendars, text, whatsappHref }: ShareCourseProps) {
  return (
    <section className="course__share share" aria-labelledby="compartilhar">
      <h2 id="compartilhar">Compartilhe e agende</h2>
      <ul className="share__actions plain-list">
        <li>
          <a
            className="btn btn-whatsapp"
            href={whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
          >
            Compartilhar no WhatsApp
          </a>
        </li>
        <Suspense fallback={null}>
          <NativeShare title={title} text={text} url={url} />
        </Suspense>
        {calendars.map(({ name, path }) => (
          <li key={path}>
            <a className="btn btn-outline" href={path} download>
              {name ? (
                // One flex item (the button lays its children side by side), the class's name
                // on one line: 'Turma' and '2026/2' never apart.
                <span>
                  Adicionar à minha agenda: <span className="share__class">{name}</span>
                </span>
              ) : (
                'Adicionar à minha agenda'
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
