/**
 * The text documents (decision 064): the home page (`home`), 'Saiba mais' (`about`) and each course
 * by its page's path; what each is when never saved (`packages/content`'s words), its schema, and
 * the pages that show it (a course's summary is on its programme's list too).
 */
import { allCourses, coursePath, programmePath } from '@centro/content';
import { isTextDocument, type Texts, textsSchemaOf } from '@centro/contracts';
import { packagedTexts } from '@centro/contracts/packaged-texts';

export const coursePaths: readonly string[] = allCourses().map(coursePath);

/** Whether `document` names a text document. */
export const isText = (document: string): boolean => isTextDocument(document, coursePaths);

/** The schema a text document is read with (on the way in and when read back). */
export const textsSchemaFor = (document: string) =>
  isText(document) ? textsSchemaOf(document) : undefined;

/** The packaged texts of a text document. */
export function packagedTextsOf(document: string): Texts {
  const texts = packagedTexts(document);
  if (!texts) throw new Error(`no packaged texts for ${document}`);
  return texts;
}

/** The prerendered pages a text document is shown on. */
export function pagesShowingTexts(document: string): readonly string[] {
  if (document === 'home') return ['/'];
  if (document === 'about') return ['/saiba-mais'];
  const course = allCourses().find((c) => coursePath(c) === document);
  return course ? [document, programmePath(course.programme)] : [];
}

/** Every page a text document may render again. */
export const textPages: readonly string[] = [
  ...new Set(['home', 'about', ...coursePaths].flatMap(pagesShowingTexts)),
];
