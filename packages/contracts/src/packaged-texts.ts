/**
 * The texts a fresh install shows (decision 064): `packages/content`'s paragraphs as the Markdown
 * of each text document, for the pages' loaders and the staff area's form alike
 * (`@centro/contracts/packaged-texts`: it carries the content's data, kept out of the main entry).
 */
import { allCourses, centre, coursePath, type Course } from '@centro/content';
import { markdownOfParagraphs } from './rich-text.js';
import type { AboutTexts, CourseTexts, HomeTexts, Texts } from './texts.js';

export const packagedHomeTexts = (): HomeTexts => ({
  introduction: markdownOfParagraphs(centre.introduction),
});

export const packagedAboutTexts = (): AboutTexts => ({ text: markdownOfParagraphs(centre.about) });

/** A course's texts: its description's last paragraph is the one about its cycle. */
export const packagedCourseTexts = (course: Course): CourseTexts => ({
  welcome: `Seja bem-vindo(a) ao curso ${course.title}!`,
  summary: course.summary,
  description: markdownOfParagraphs(course.description.slice(0, -1)),
  cycle: markdownOfParagraphs(course.description.slice(-1)),
});

/** The packaged texts of a document (`home`, `about`, a course's path), or undefined. */
export function packagedTexts(document: string): Texts | undefined {
  if (document === 'home') return packagedHomeTexts();
  if (document === 'about') return packagedAboutTexts();
  const course = allCourses().find((c) => coursePath(c) === document);
  return course ? packagedCourseTexts(course) : undefined;
}
