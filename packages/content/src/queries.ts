/** Read-only lookups over the validated content. */
import { programmes } from './site-data.js';
import { coursePath, staticPublicPaths } from './routes.js';
import type { Course, Programme, ProgrammeSlug } from './schema.js';

/** The spec's course list item. */
export interface CourseListItem {
  id: string;
  descricao: string;
  imagem: Course['image'];
  url: string;
}

export function getProgramme(slug: ProgrammeSlug): Programme {
  const programme = programmes.find((p) => p.slug === slug);
  if (!programme) throw new Error(`Unknown programme ${slug}`);
  return programme;
}

export function findCourse(programme: ProgrammeSlug, slug: string): Course | undefined {
  return getProgramme(programme).courses.find((c) => c.slug === slug);
}

export function findCourseByGroupId(groupId: string): Course | undefined {
  const wanted = groupId.toLowerCase();
  return allCourses().find((c) => c.groupId.toLowerCase() === wanted);
}

export function allCourses(): Course[] {
  return programmes.flatMap((p) => p.courses);
}

export function courseListItems(programme: ProgrammeSlug): CourseListItem[] {
  return getProgramme(programme).courses.map((c) => ({
    id: c.slug,
    descricao: c.title,
    imagem: c.image,
    url: coursePath(c),
  }));
}

/** Every public page: the static pages and the 20 course pages. */
export function publicPaths(): string[] {
  return [...staticPublicPaths, ...allCourses().map(coursePath)];
}
