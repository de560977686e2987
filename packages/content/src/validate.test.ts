import { describe, expect, it } from 'vitest';
import { rawContent } from './content.js';
import type { Content } from './schema.js';
import { ContentValidationError, formatIssuePath, validateContent } from './validate.js';

/** items[index], failing the test when it is missing. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`No item at index ${index}`);
  return item;
}

const copy = (): Content => structuredClone(rawContent);

function errorOf(input: unknown): ContentValidationError {
  try {
    validateContent(input);
  } catch (error) {
    if (error instanceof ContentValidationError) return error;
    throw error;
  }
  throw new Error('validateContent accepted invalid content');
}

describe('validateContent', () => {
  it('rejects a bad group id, naming where it is', () => {
    const broken = copy();
    at(broken.programmes[0].courses, 2).groupId = 'not-a-guid';
    const error = errorOf(broken);
    expect(error.message).toContain("The centre's content (packages/content) is invalid");
    expect(error.message).toMatch(/- programmes\[0\]\.courses\[2\]\.groupId: .*GUID/i);
    expect(error.issues).toHaveLength(1);
  });

  it('lists every problem, one per line', () => {
    const broken = copy();
    broken.centre.email = 'not an e-mail';
    broken.centre.whatsapp = '(11) 90000-0000';
    at(at(broken.schedule, 1).activities, 0).time = '7pm';
    const error = errorOf(broken);
    expect(error.message).toContain('3 problems');
    expect(error.message).toMatch(/^- centre\.email: /m);
    expect(error.message).toMatch(/^- centre\.whatsapp: WhatsApp: digits only/m);
    expect(error.message).toMatch(/^- schedule\[1\]\.activities\[0\]\.time: /m);
  });

  it('rejects duplicate group ids, invite codes and slugs', () => {
    const broken = copy();
    const [first, second] = broken.programmes;
    at(second.courses, 0).groupId = at(first.courses, 0).groupId.toUpperCase();
    at(first.courses, 1).inviteCode = 'AbCdEfGhIj12';
    at(second.courses, 1).inviteCode = 'AbCdEfGhIj12';
    at(second.courses, 2).inviteCode = null; // several courses may have none yet
    at(first.courses, 9).slug = at(first.courses, 8).slug;
    const message = errorOf(broken).message;
    expect(message).toMatch(
      /- programmes\[1\]\.courses\[0\]\.groupId: Duplicate groupId .* already used by programmes\[0\]\.courses\[0\]/,
    );
    expect(message).toMatch(/- programmes\[1\]\.courses\[1\]\.inviteCode: Duplicate inviteCode/);
    expect(message).toMatch(/- programmes\[0\]\.courses\[9\]\.slug: Duplicate slug/);
  });

  it('rejects a prerequisite that is no course, or the course itself', () => {
    const broken = copy();
    at(broken.programmes[1].courses, 1).prerequisites = ['estudando-andre-luiz-iii'];
    at(broken.programmes[1].courses, 3).prerequisites = [at(broken.programmes[1].courses, 3).slug];
    const message = errorOf(broken).message;
    expect(message).toContain(
      '- programmes[1].courses[1].prerequisites: Prerequisite "estudando-andre-luiz-iii" is not a course',
    );
    expect(message).toContain(
      '- programmes[1].courses[3].prerequisites: Prerequisite "o-livro-dos-mediuns-ii" is the course itself',
    );
  });

  it('makes each "… II" course require its "… I", and the specialisation cycle the introductory one', () => {
    const courses = rawContent.programmes.flatMap((p) => p.courses);
    const titleOf = (slug: string) => courses.find((c) => c.slug === slug)?.title;
    for (const course of courses.filter((c) => c.title.endsWith(' II'))) {
      expect((course.prerequisites ?? []).map(titleOf)).toEqual([course.title.slice(0, -1)]);
    }
    const [kardec] = rawContent.programmes;
    const intro = kardec.courses.filter((c) => c.stage === 'Ciclo Introdutório').map((c) => c.slug);
    for (const course of kardec.courses.filter((c) => c.stage === 'Ciclo de Especialização')) {
      expect(course.prerequisites).toEqual(intro);
    }
    expect(intro).toHaveLength(5);
  });

  it('rejects programmes in the wrong order and courses filed under the wrong programme', () => {
    const broken = copy();
    broken.programmes = [broken.programmes[1], broken.programmes[0]];
    const message = errorOf(broken).message;
    expect(message).toContain('- programmes[0].slug: The first programme must be global-kardec');
    expect(message).toContain(
      '- programmes[1].slug: The second programme must be escola-de-mediuns',
    );

    const misfiled = copy();
    at(misfiled.programmes[0].courses, 0).programme = 'escola-de-mediuns';
    expect(errorOf(misfiled).message).toContain('- programmes[0].courses[0].programme:');
  });

  it('rejects a missing course and a short summary', () => {
    const broken = copy();
    broken.programmes[1].courses.pop();
    at(broken.programmes[0].courses, 0).summary = 'Curto.';
    const message = errorOf(broken).message;
    expect(message).toMatch(/- programmes\[1\]\.courses: /);
    expect(message).toMatch(/- programmes\[0\]\.courses\[0\]\.summary: /);
  });

  it('reports a wrong root', () => {
    expect(errorOf(null).message).toMatch(/- \(root\): /);
  });
});

describe('formatIssuePath', () => {
  it('writes paths as in code', () => {
    expect(formatIssuePath(['programmes', 0, 'courses', 3, 'groupId'])).toBe(
      'programmes[0].courses[3].groupId',
    );
    expect(formatIssuePath(['centre', 'email'])).toBe('centre.email');
    expect(formatIssuePath([])).toBe('(root)');
  });

  it("rejects meetings whose first date is not on the course's weekday, or out of range", () => {
    const broken = copy();
    const course = at(broken.programmes[1].courses, 0);
    course.meetings = {
      ...course.meetings,
      firstMeeting: '2027-03-05',
      weekday: 'thursday',
      time: '23:00',
      durationMinutes: 120,
      count: 0,
    };
    const error = errorOf(broken);
    expect(error.message).toMatch(
      /- programmes\[1\]\.courses\[0\]\.meetings\.firstMeeting: 2027-03-05 is not a thursday/,
    );
    expect(error.message).toMatch(/- programmes\[1\]\.courses\[0\]\.meetings\.count: /);
    expect(error.message).toMatch(
      /meetings\.durationMinutes: A meeting must end on the day it starts/,
    );
  });
});
