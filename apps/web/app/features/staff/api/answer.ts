/**
 * The staff answers are checked by hand like every answer in the browser (zod stays out of it):
 * the field the view reads must be there with the expected kind; its items are the server's, whose
 * schemas in packages/contracts serialise them.
 */
import { isRecord, UnexpectedAnswerError } from '~/lib/api-client';

/** `answer[key]` when it is an array, else an UnexpectedAnswerError naming `url`. */
export function listIn<T>(answer: unknown, key: string, url: string): T[] {
  const value = isRecord(answer) ? answer[key] : undefined;
  if (!Array.isArray(value)) throw new UnexpectedAnswerError(`${url} answered without ${key}`);
  return value as T[];
}

/** `answer` when it is an object holding `key`, else an UnexpectedAnswerError naming `url`. */
export function recordWith<T>(answer: unknown, key: string, url: string): T {
  if (!isRecord(answer) || !(key in answer)) {
    throw new UnexpectedAnswerError(`${url} answered without ${key}`);
  }
  return answer as T;
}
