/**
 * What a change to one meeting does to a class's stored changes (decision 091), pure: the request
 * ('Pular data', 'Cancelar encontro', 'Mudar data ou horário', 'Adicionar encontro', 'Desfazer')
 * checked against the class's dates at `now`, and the class's new list of changes, or the refusal.
 *
 * Only meetings that have not begun change, and only to dates and times ahead: attendance numbers
 * the meetings held in order and may be marked from an hour before each (`canMark`), so a change
 * that could renumber a meeting already markable is refused, and the marks keep their meetings.
 */
import { canMark, classMeetings, type MeetingChange, zonedInstant } from '@centro/content';
import type { StaffMeetingChangeRequest } from '@centro/contracts';
import type { RefusalName } from '../refusals/catalogue.js';

type Rule = Parameters<typeof classMeetings>[0];

/** The class's changes after `request`, or why it is refused. */
export function changedMeetings(
  rule: Rule,
  request: StaffMeetingChangeRequest,
  now: Date,
): MeetingChange[] | RefusalName {
  const ahead = (date: string, time: string) => !canMark(zonedInstant(date, time), now);
  const changes = [...(rule.changes ?? [])];
  const list = classMeetings(rule);
  if (request.kind === 'add') {
    if (!ahead(request.date, request.time)) return 'meetingPast';
    return [
      ...changes.filter((c) => !(c.kind === 'add' && c.date === request.date)),
      { kind: 'add', date: request.date, time: request.time },
    ];
  }
  if (request.kind === 'undo') {
    const change = changes.find((c) => c.date === request.date);
    if (!change) return 'meetingNotFound';
    const current = list.find((m) =>
      change.kind === 'add' ? m.added && m.date === request.date : m.slot === request.date,
    );
    // Both what it is now and what it becomes again must be ahead.
    if (current && !ahead(current.date, current.time)) return 'meetingPast';
    if (change.kind !== 'add' && !ahead(request.date, rule.time)) return 'meetingPast';
    return changes.filter((c) => c !== change);
  }
  const meeting = list.find((m) => m.slot === request.date);
  if (!meeting) return 'meetingNotFound';
  if (!ahead(meeting.date, meeting.time) || !ahead(request.date, rule.time)) return 'meetingPast';
  const others = changes.filter((c) => c.kind === 'add' || c.date !== request.date);
  if (request.kind === 'move') {
    if (!ahead(request.to, request.time)) return 'meetingPast';
    return [...others, { kind: 'move', date: request.date, to: request.to, time: request.time }];
  }
  if (request.kind === 'cancel') {
    return [...others, { kind: 'cancel', date: request.date, message: request.message }];
  }
  return [
    ...others,
    {
      kind: 'skip',
      date: request.date,
      then: request.then,
      ...(request.reason ? { reason: request.reason } : {}),
    },
  ];
}
