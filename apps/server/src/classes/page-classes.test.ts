import { coursePath, findCourse } from '@centro/content';
import { describe, expect, it } from 'vitest';
import type { ClassRow } from './class-store.js';
import {
  builtClasses,
  classesKey,
  classesOnPage,
  classesOnPages,
  classPageKeys,
} from './page-classes.js';

const course = findCourse('global-kardec', 'conheca-o-espiritismo');
if (!course) throw new Error('conheca-o-espiritismo is missing');

const builtClassesKey = (c: typeof course) => classesKey(builtClasses().get(coursePath(c)) ?? []);

const row = (over: Partial<ClassRow>): ClassRow => ({
  id: 'a',
  course_slug: course.slug,
  name: 'Turma 2026/2',
  places: 30,
  taken: 0,
  places_by_staff: 0,
  state: 'open',
  invite_code: null,
  enrolment_opens_at: null,
  enrolment_closes_at: null,
  first_meeting: null,
  meeting_weekday: null,
  meeting_time: null,
  meeting_count: null,
  meeting_duration_minutes: null,
  meeting_room: null,
  meeting_changes: null,
  reminded_at: null,
  calendar_sequence: 0,
  invite_mailed_at: null,
  created_at: '2026-08-01T00:00:00.000Z',
  updated_at: '2026-08-01T00:00:00.000Z',
  ...over,
});

describe('the classes a course page shows (decision 075)', () => {
  it("shows the class's meetings in effect, not the content's", () => {
    const saved = row({
      first_meeting: '2026-11-28',
      meeting_weekday: 'saturday',
      meeting_time: '19:00',
      meeting_count: 10,
      meeting_duration_minutes: 120,
      meeting_room: 'Salão Bezerra de Menezes',
    });
    const [shown] = classesOnPage(course, [saved]);
    expect(shown?.meetings).toMatchObject({
      firstMeeting: '2026-11-28',
      weekday: 'saturday',
      time: '19:00',
      count: 10,
      durationMinutes: 120,
      room: 'Salão Bezerra de Menezes',
    });
    expect(classesKey(classesOnPage(course, [saved]))).not.toBe(builtClassesKey(course));
  });

  it('renders as the build while the only class keeps the content’s meetings', () => {
    expect(classesKey(classesOnPage(course, [row({})]))).toBe(builtClassesKey(course));
    expect(classesKey(classesOnPage(course, []))).toBe(builtClassesKey(course));
  });

  it('lists each open or planned class, oldest first, and else the running one', () => {
    const running = row({ id: 'r', name: 'Turma 2026/1', state: 'running', meeting_time: '08:00' });
    const next = row({ id: 'n', name: 'Turma 2027/1', state: 'planned', created_at: '2026-10-01' });
    const concluded = row({ id: 'c', name: 'Turma 2025/2', state: 'concluded' });
    const other = row({ id: 'o', course_slug: 'passe' });
    expect(
      classesOnPage(course, [next, running, row({}), concluded, other]).map((c) => c.name),
    ).toEqual(['Turma 2026/2', 'Turma 2027/1']);
    expect(classesOnPage(course, [concluded, running]).map((c) => c.meetings.time)).toEqual([
      '08:00',
    ]);
  });

  it('names each class, and its own id for its calendar file, only when several are shown', () => {
    const a = row({ id: 'a' });
    expect(classesKey(classesOnPage(course, [a]))).toBe(
      classesKey(classesOnPage(course, [row({ id: 'z' })])),
    );
    const b = row({ id: 'b', name: 'Turma 2027/1', state: 'planned', created_at: '2026-10-01' });
    expect(classesOnPage(course, [a, b]).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('renders again the programme page and /horarios when a class of theirs says something new', () => {
    const built = classPageKeys(builtClasses());
    const unchanged = classPageKeys(classesOnPages([row({})]));
    expect(unchanged).toEqual(built);
    const moved = classPageKeys(classesOnPages([row({ meeting_time: '19:00' })]));
    const changed = [...moved].filter(([path, key]) => built.get(path) !== key).map(([p]) => p);
    expect(changed.sort()).toEqual([coursePath(course), '/global-kardec', '/horarios'].sort());
    // Concluded: /horarios no longer lists it, though its page still shows it as the latest.
    const ended = classPageKeys(classesOnPages([row({ state: 'concluded' })]));
    expect(ended.get('/horarios')).not.toBe(built.get('/horarios'));
  });
});
