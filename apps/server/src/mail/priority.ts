/**
 * Which messages leave first, and which unsent ones a later message makes pointless (decision 080).
 * Pure: the outbox turns them into its claim's order and its clean-up.
 *
 * - First what a person is waiting for at the screen: codes and links (sign-up, reset, new
 *   address, someone tried your address, the account's deletion).
 * - Then the confirmations of a place (an enrolment, a place from the waiting list).
 * - Then the rest: notices, reminders, openings, messages to a class. A flood of these (a class
 *   message to 40 people, a person enrolling and cancelling again and again) never delays a
 *   sign-up code.
 */
import type { MailKind } from './types.js';

const URGENT: readonly MailKind[] = [
  'email-verification',
  'password-reset',
  'contact-email-change',
  'sign-up-attempt',
  'account-deleted',
];
const CONFIRMATIONS: readonly MailKind[] = ['enrolment-confirmation', 'waiting-list-promotion'];

/** 0 leaves first, then 1, then 2. */
export function mailPriority(kind: string): 0 | 1 | 2 {
  if ((URGENT as readonly string[]).includes(kind)) return 0;
  if ((CONFIRMATIONS as readonly string[]).includes(kind)) return 1;
  return 2;
}

/** The kinds by priority, for the claim's SQL. */
export const PRIORITY_KINDS = { urgent: URGENT, confirmations: CONFIRMATIONS } as const;

/**
 * The messages about a person's place in a course that one later such message replaces: only the
 * latest unsent one says where the person stands.
 */
export const PLACE_KINDS: readonly MailKind[] = [
  'enrolment-confirmation',
  'waiting-list-joined',
  'waiting-list-promotion',
  'enrolment-cancelled',
];

/** A message about a place that starts from having none (the person was not in the course). */
const ARRIVALS: readonly MailKind[] = ['enrolment-confirmation', 'waiting-list-joined'];

export interface UnsentPlaceMessage {
  id: string;
  kind: string;
  /** Its creation (ISO-8601), then its id: the order the events happened in. */
  createdAt: string;
}

/**
 * The unsent messages about one person's place in one course (any order) that need not leave:
 * every one but the latest; and the latest too when it is a cancellation of a place the person was
 * never told of (the first of them took a place from none, so the person last heard they had
 * none): an unsent confirmation followed by a cancellation sends neither.
 */
export function supersededPlaceMessages(unsent: readonly UnsentPlaceMessage[]): string[] {
  if (unsent.length < 2) return [];
  const ordered = [...unsent].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  if (!first || !last) return [];
  const dropped = ordered.slice(0, -1).map((m) => m.id);
  const toldNothing =
    last.kind === 'enrolment-cancelled' && (ARRIVALS as readonly string[]).includes(first.kind);
  return toldNothing ? [...dropped, last.id] : dropped;
}
