import { describe, expect, it } from 'vitest';
import { content } from './content.js';
import {
  allCourses,
  courseListItems,
  findCourse,
  findCourseByGroupId,
  getProgramme,
  publicPaths,
} from './queries.js';
import {
  confirmationPath,
  coursePath,
  programmePath,
  signedInPaths,
  staticPublicPaths,
} from './routes.js';
import type { ProgrammeSlug } from './schema.js';

describe('publicPaths', () => {
  it('lists every static page and the 20 course pages, once each', () => {
    const paths = publicPaths();
    expect(paths).toHaveLength(staticPublicPaths.length + 20);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/',
      '/saiba-mais',
      '/horarios',
      '/contato',
      '/global-kardec',
      '/escola-de-mediuns',
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths).toContain('/global-kardec/conheca-o-espiritismo');
    expect(paths).toContain('/global-kardec/instituto-do-esclarecimento-e-familia');
    expect(paths).toContain('/escola-de-mediuns/estudando-andre-luiz-i');
    expect(paths).toContain('/escola-de-mediuns/desenvolvimento-mediunico-fase-i');
    for (const course of allCourses()) expect(paths).toContain(coursePath(course));
  });

  it('keeps signed-in pages out of the public list', () => {
    expect(signedInPaths).toEqual([
      '/perfil',
      '/global-kardec/matricula-finalizada',
      '/escola-de-mediuns/matricula-finalizada',
      '/equipe',
    ]);
    for (const p of signedInPaths) expect(publicPaths()).not.toContain(p);
    expect(confirmationPath('global-kardec')).toBe('/global-kardec/matricula-finalizada');
    expect(programmePath('escola-de-mediuns')).toBe('/escola-de-mediuns');
  });
});

describe('courseListItems', () => {
  it('maps a programme to the spec list items, in order', () => {
    const items = courseListItems('global-kardec');
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({
      id: 'conheca-o-espiritismo',
      descricao: 'Conheça o Espiritismo',
      imagem: content.programmes[0].courses[0]?.image,
      url: '/global-kardec/conheca-o-espiritismo',
    });
    expect(courseListItems('escola-de-mediuns').map((i) => i.url)[9]).toBe(
      '/escola-de-mediuns/desenvolvimento-mediunico-fase-i',
    );
  });
});

describe('lookups', () => {
  it('finds a course by its group id, whatever the case', () => {
    const course = content.programmes[1].courses[4];
    if (!course) throw new Error('Missing course');
    expect(findCourseByGroupId(course.groupId)).toBe(course);
    expect(findCourseByGroupId(course.groupId.toUpperCase())).toBe(course);
    expect(findCourseByGroupId('11111111-2222-4333-8444-555555555555')).toBeUndefined();
  });

  it('finds a course by programme and slug', () => {
    expect(findCourse('global-kardec', 'passe')?.title).toBe('Passe');
    expect(findCourse('global-kardec', 'o-livro-dos-mediuns-i')).toBeUndefined();
    expect(findCourse('escola-de-mediuns', 'o-livro-dos-mediuns-i')?.title).toBe(
      'O Livro dos Médiuns I',
    );
  });

  it('gets a programme and refuses an unknown one', () => {
    expect(getProgramme('escola-de-mediuns').name).toBe('Escola de Médiuns');
    expect(() => getProgramme('outro' as ProgrammeSlug)).toThrow(/Unknown programme outro/);
  });
});
