import { allCourses, type Course } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { courseMeetingDays } from './course-meetings';

const content = (course: Course) => [{ name: '', meetings: course.meetings }];

describe('when the courses meet, on /horarios', () => {
  it("lists each course under its class's weekday, at its time, from the classes", () => {
    const [moved] = allCourses();
    if (!moved) throw new Error('no course');
    const days = courseMeetingDays(allCourses(), (course) =>
      course === moved
        ? [
            {
              id: 'a',
              name: 'Turma 2026/2',
              meetings: {
                ...course.meetings,
                firstMeeting: '2026-11-27',
                weekday: 'friday',
                time: '19:00',
                durationMinutes: 120,
                room: 'Salão Bezerra de Menezes',
              },
            },
          ]
        : content(course),
    );
    expect(days.map((d) => d.day)).toEqual(['Quinta-feira', 'Sexta-feira', 'Sábado']);
    expect(days[1]?.courses).toEqual([
      {
        time: '19h00',
        title: moved.title,
        path: `/${moved.programme}/${moved.slug}`,
        note: `Global Kardec · até 21h00 · Salão Bezerra de Menezes · Primeiro encontro: 27/11/2026`,
      },
    ]);
    expect(days.flatMap((d) => d.courses.map((c) => c.title))).toHaveLength(allCourses().length);
  });

  it('names each class when a page shows several, and leaves out a concluded one', () => {
    const [course] = allCourses();
    if (!course) throw new Error('no course');
    const two = [
      { id: 'a', name: 'Turma 2026/2', meetings: course.meetings },
      { id: 'b', name: 'Turma 2027/1', meetings: { ...course.meetings, time: '08:00' } },
    ];
    const [day] = courseMeetingDays([course], () => two);
    expect(day?.courses.map((c) => [c.time, c.title])).toEqual([
      ['08h00', `${course.title} – Turma 2027/1`],
      [expect.any(String), `${course.title} – Turma 2026/2`],
    ]);
    const ended = [{ id: 'a', name: 'Turma 2026/1', meetings: course.meetings, concluded: true }];
    expect(courseMeetingDays([course], () => ended)).toEqual([]);
  });
});
