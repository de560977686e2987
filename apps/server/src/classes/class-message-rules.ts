/**
 * How many messages a class may get (decision 063), pure: at most
 * `CLASS_MESSAGES_PER_DAY` within any 24 hours, so a class is not flooded and a mistake cannot be
 * repeated many times; the refusal says when the next one may go.
 */

/** Messages a class may get within `CLASS_MESSAGE_WINDOW_MS`. */
export const CLASS_MESSAGES_PER_DAY = 3;
/** The window the limit counts: 24 hours. */
export const CLASS_MESSAGE_WINDOW_MS = 24 * 60 * 60_000;

/** Where the window starts at `at`: messages sent after it count. */
export function windowStart(at: Date): Date {
  return new Date(at.getTime() - CLASS_MESSAGE_WINDOW_MS);
}

export type Allowance =
  | { allowed: true; /** Messages left after this one. */ left: number }
  | { allowed: false; /** When the oldest counted message leaves the window. */ retryAt: Date };

/** Whether one more message may go at `at`, given the class's messages sent (any order). */
export function allowance(sent: readonly Date[], at: Date): Allowance {
  const from = windowStart(at).getTime();
  const counted = sent
    .map((d) => d.getTime())
    .filter((t) => t > from && t <= at.getTime())
    .sort((a, b) => a - b);
  if (counted.length < CLASS_MESSAGES_PER_DAY) {
    return { allowed: true, left: CLASS_MESSAGES_PER_DAY - counted.length - 1 };
  }
  const oldest = counted[counted.length - CLASS_MESSAGES_PER_DAY] ?? from;
  return { allowed: false, retryAt: new Date(oldest + CLASS_MESSAGE_WINDOW_MS) };
}
