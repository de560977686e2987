/**
 * `classes.meeting_changes` (migration 031, decision 091) read and written: the JSON of a class's
 * changes to single meetings, checked against the one schema (`meetingChangeSchema`). A value
 * that does not parse (written by hand) counts as no change rather than stopping every surface
 * that reads the class. Parsed values are kept by text: every enrolment reads its class's
 * settings, and the same few texts come back.
 */
import { type ClassMeeting, type MeetingChange } from '@centro/content';
import { meetingChangeSchema, type StaffClassMeeting } from '@centro/contracts';
import { z } from 'zod';

const listSchema = z.array(meetingChangeSchema);
const parsed = new Map<string, readonly MeetingChange[]>();
const KEPT = 1024;

/** The changes stored on a class (undefined: none). */
export function readMeetingChanges(text: string | null): readonly MeetingChange[] | undefined {
  if (text === null || text === '') return undefined;
  let changes = parsed.get(text);
  if (changes === undefined) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const result = listSchema.safeParse(json);
    changes = result.success ? result.data : [];
    if (parsed.size >= KEPT) parsed.clear();
    parsed.set(text, changes);
  }
  return changes.length > 0 ? changes : undefined;
}

/** The column's value for `changes` (null: none). */
export function writeMeetingChanges(changes: readonly MeetingChange[]): string | null {
  return changes.length > 0 ? JSON.stringify(changes) : null;
}

/** A class's dates as staff see them: which were changed, and which by a recess. */
export function staffMeetings(
  meetings: readonly ClassMeeting[],
  changes: readonly MeetingChange[] | undefined,
): StaffClassMeeting[] {
  const byDate = new Map((changes ?? []).map((c) => [c.date, c]));
  return meetings.map((m) => {
    const change = byDate.get(m.slot ?? m.date);
    return {
      ...m,
      changed: change !== undefined && (m.slot !== null || change.kind === 'add'),
      recess: change?.kind === 'skip' && change.recess !== undefined,
    };
  });
}
