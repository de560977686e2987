/**
 * The class a request for a course means (decision 052): the one it names, else the
 * course's only open class; and the refusal of a class whose enrolment has not opened yet. Shared
 * by enrolling and joining a waiting list.
 */
import { chooseClass } from '../classes/class-rules.js';
import {
  ClassNotFoundError,
  ClassRequiredError,
  EnrolmentClosedError,
  EnrolmentNotOpenError,
} from './errors.js';
import type { EnrolmentParts } from './promotions.js';

type ClassParts = Pick<EnrolmentParts, 'repository' | 'now'>;

/**
 * The class the request means.
 * @throws ClassNotFoundError, ClassRequiredError, EnrolmentNotOpenError (no class open, one
 *   announced), EnrolmentClosedError (none open nor announced)
 */
export async function classOfRequest(
  { repository, now }: ClassParts,
  courseSlug: string,
  requested: string | undefined,
): Promise<string> {
  const at = now().toISOString();
  const choice = chooseClass(await repository.classChoices(courseSlug), requested, at);
  switch (choice.kind) {
    case 'class':
      return choice.id;
    case 'class-required':
      throw new ClassRequiredError();
    case 'unknown-class':
      throw new ClassNotFoundError();
    default:
      if (choice.nextOpening !== null) throw new EnrolmentNotOpenError(choice.nextOpening);
      throw new EnrolmentClosedError();
  }
}

/**
 * The refusal of a class not open yet, with the instant it opens when one is to come (none for a
 * planned class with no date, or whose date passed before staff opened it).
 */
export async function notOpenError(
  { repository, now }: ClassParts,
  classId: string,
): Promise<EnrolmentNotOpenError> {
  const { opensAt } = await repository.window(classId);
  const toCome = opensAt !== null && opensAt > now().toISOString();
  return new EnrolmentNotOpenError(toCome ? opensAt : null);
}
