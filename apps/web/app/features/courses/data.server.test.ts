import { findCourse, getProgramme } from '@centro/content';
import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { getCoursePage, getProgrammePage } from './data.server';

function jsonLd(meta: MetaDescriptor[]): unknown[] {
  return meta.flatMap((m) => ('script:ld+json' in m ? [m['script:ld+json']] : []));
}

describe('getProgrammePage', () => {
  it('lists the 10 courses of the programme grouped by stage, in order', () => {
    const { page } = getProgrammePage('/global-kardec');
    const programme = getProgramme('global-kardec');
    expect(page.name).toBe(programme.name);
    expect(page.stages.flatMap((s) => s.courses.map((c) => c.slug))).toEqual(
      programme.courses.map((c) => c.slug),
    );
    expect(page.stages.map((s) => s.name)).toEqual([
      ...new Set(programme.courses.map((c) => c.stage)),
    ]);
  });

  it('describes the list as a schema.org ItemList', () => {
    const { meta } = getProgrammePage('/escola-de-mediuns/');
    const [list] = jsonLd(meta);
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 10 });
  });
});

describe('getCoursePage', () => {
  it('gives the course page its texts, image and Course JSON-LD', () => {
    const { page, meta } = getCoursePage('/escola-de-mediuns/o-livro-dos-mediuns-i');
    expect(page.title).toBe('O Livro dos Médiuns I');
    expect(page.programme).toEqual({
      name: 'Escola de Médiuns',
      path: '/escola-de-mediuns',
      slug: 'escola-de-mediuns',
    });
    const content = findCourse('escola-de-mediuns', 'o-livro-dos-mediuns-i');
    expect(page.slug).toBe('o-livro-dos-mediuns-i');
    expect(page.groupId).toBe(content?.groupId);
    expect(page.inviteCode).toBe(content?.inviteCode);
    expect(page.image.src).toMatch(/o-livro-dos-mediuns-i.*\.svg/);
    expect(meta).toContainEqual(
      expect.objectContaining({ title: expect.stringContaining('O Livro dos Médiuns I') }),
    );
    const [course] = jsonLd(meta);
    expect(course).toMatchObject({
      '@type': 'Course',
      offers: { price: 0, priceCurrency: 'BRL' },
      inLanguage: 'pt-BR',
    });
  });

  it("names the courses to conclude first: a '… II' its '… I', an institute the whole cycle", () => {
    expect(getCoursePage('/escola-de-mediuns/o-livro-dos-mediuns-ii').page.prerequisite).toBe(
      'Este curso é para quem concluiu: O Livro dos Médiuns I.',
    );
    expect(getCoursePage('/global-kardec/instituto-do-jovem').page.prerequisite).toBe(
      'Este curso é para quem concluiu: Conheça o Espiritismo, Nosso Lar, Passe, Corrente e Vibração.',
    );
    expect(getCoursePage('/global-kardec/passe').page.prerequisite).toBeNull();
  });

  it('reads the texts a fresh install shows from the content, and saved ones instead', () => {
    const course = findCourse('global-kardec', 'passe');
    if (!course) throw new Error('passe is missing');
    const fresh = getCoursePage('/global-kardec/passe');
    expect(fresh.page.welcome).toBe('Seja bem-vindo(a) ao curso Passe!');
    expect(fresh.page.descriptionHtml).toBe(
      course.description.map((p) => `<p>${p.replaceAll('"', '&quot;')}</p>`).join('\n'),
    );
    expect(fresh.meta).toContainEqual({ property: 'og:description', content: course.summary });

    const texts = {
      welcome: 'Olá, turma!',
      summary: 'Um resumo editado na área da equipe, com mais de quarenta letras.',
      description: 'Texto **novo** com [link](/contato) e <script>x</script>.',
      cycle: 'Ciclo.',
    };
    const edited = getCoursePage('/global-kardec/passe', {
      texts: { '/global-kardec/passe': texts },
    });
    expect(edited.page.welcome).toBe('Olá, turma!');
    expect(edited.page.descriptionHtml).toBe(
      '<p>Texto <strong>novo</strong> com <a href="/contato">link</a> e &lt;script&gt;x&lt;/script&gt;.</p>\n<p>Ciclo.</p>',
    );
    expect(edited.meta).toContainEqual({ property: 'og:description', content: texts.summary });
    expect(jsonLd(edited.meta)[0]).toMatchObject({ description: texts.summary });
    const list = getProgrammePage('/global-kardec', { texts: { '/global-kardec/passe': texts } });
    const card = list.page.stages.flatMap((s) => s.courses).find((c) => c.slug === 'passe');
    expect(card?.summary).toBe(texts.summary);
  });

  it('refuses an unknown course', () => {
    expect(() => getCoursePage('/global-kardec/nao-existe')).toThrow();
  });
});

describe("a course's Course JSON-LD", () => {
  it('has its run as a CourseInstance: onsite, weekly, from the meeting data, at the centre', () => {
    const course = findCourse('global-kardec', 'passe');
    if (!course) throw new Error('passe is missing');
    const { meetings } = course;
    const [ld] = jsonLd(getCoursePage('/global-kardec/passe').meta);
    expect(ld).toMatchObject({
      '@type': 'Course',
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: 'onsite',
        startDate: meetings.firstMeeting,
        courseSchedule: {
          '@type': 'Schedule',
          repeatFrequency: 'P1W',
          byDay: `https://schema.org/${meetings.weekday[0]?.toUpperCase()}${meetings.weekday.slice(1)}`,
          startDate: meetings.firstMeeting,
          startTime: meetings.time,
          repeatCount: meetings.count,
          duration: `PT${meetings.durationMinutes}M`,
          scheduleTimezone: 'America/Sao_Paulo',
        },
        location: {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressCountry: expect.any(String) },
        },
      },
    });
  });
});

describe('a course page rendered with its classes (decision 075)', () => {
  const path = '/global-kardec/conheca-o-espiritismo';
  const course = findCourse('global-kardec', 'conheca-o-espiritismo');
  if (!course) throw new Error('conheca-o-espiritismo is missing');
  const saved = {
    ...course.meetings,
    firstMeeting: '2026-11-28',
    weekday: 'saturday' as const,
    time: '19:00',
    durationMinutes: 120,
    count: 10,
    room: 'Salão Bezerra de Menezes',
  };

  it("says the class's first meeting, time, duration, count and place, in its text and JSON-LD", () => {
    const { page, meta } = getCoursePage(path, {
      classes: { [path]: [{ name: 'Turma 2026/2', meetings: saved }] },
    });
    expect(page.meetings).toEqual([
      {
        firstMeeting: 'sábado, 28/11/2026, às 19h00',
        weeklySlot: 'Todo sábado, das 19h00 às 21h00',
        count: '10 encontros',
        place: expect.stringMatching(/^Salão Bezerra de Menezes – /),
      },
    ]);
    expect(jsonLd(meta)[0]).toMatchObject({
      hasCourseInstance: {
        startDate: '2026-11-28',
        endDate: '2027-01-30',
        courseSchedule: {
          startTime: '19:00',
          endTime: '21:00',
          duration: 'PT120M',
          repeatCount: 10,
        },
        location: { name: expect.stringMatching(/^Salão Bezerra de Menezes – /) },
      },
    });
  });

  it("says the class's day, time and first meeting on its programme's card too", () => {
    const card = (content: Parameters<typeof getProgrammePage>[1]) =>
      getProgrammePage('/global-kardec', content)
        .page.stages.flatMap((s) => s.courses)
        .find((c) => c.path === path);
    expect(card({})?.meetings).toEqual(['Todo sábado, das 17h30 às 19h00, a partir de 06/03/2027']);
    const saturday = { id: 'a', name: 'Turma 2026/2', meetings: saved };
    expect(card({ classes: { [path]: [saturday] } })?.meetings).toEqual([
      'Todo sábado, das 19h00 às 21h00, a partir de 28/11/2026',
    ]);
    const ended = { [path]: [{ ...saturday, concluded: true }] };
    expect(card({ classes: ended })?.meetings).toEqual([]);
  });

  it('shows two classes apart, each named, with their own calendar files and two runs in its JSON-LD', () => {
    const next = { ...saved, firstMeeting: '2027-03-02', weekday: 'tuesday' as const };
    const { page, meta } = getCoursePage(path, {
      classes: {
        [path]: [
          { id: 'a', name: 'Turma 2026/2', meetings: saved },
          { id: 'b', name: 'Turma 2027/1', meetings: next },
        ],
      },
    });
    expect(page.share.calendars).toEqual([
      { name: 'Turma 2026/2', path: `${path}/encontros.ics?turma=a` },
      { name: 'Turma 2027/1', path: `${path}/encontros.ics?turma=b` },
    ]);
    expect(page.meetings.map((m) => [m.name, m.firstMeeting])).toEqual([
      ['Turma 2026/2', 'sábado, 28/11/2026, às 19h00'],
      ['Turma 2027/1', 'terça-feira, 02/03/2027, às 19h00'],
    ]);
    expect(jsonLd(meta)[0]).toMatchObject({
      hasCourseInstance: [
        { name: 'Turma 2026/2', startDate: '2026-11-28' },
        { name: 'Turma 2027/1', startDate: '2027-03-02' },
      ],
    });
  });
});
