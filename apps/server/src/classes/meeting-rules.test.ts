/** What a change to one meeting does (decision 091): only meetings ahead change, to dates ahead. */
import { describe, expect, it } from 'vitest';
import { changedMeetings } from './meeting-rules.js';

const rule = { firstMeeting: '2027-03-06', time: '19:00', count: 3 };
/** The Friday before the second meeting. */
const now = new Date('2027-03-12T12:00:00Z');

describe('changedMeetings', () => {
  it('writes a skip, a cancellation, a move and an added meeting, one per date', () => {
    const skip = changedMeetings(rule, { kind: 'skip', date: '2027-03-13', then: 'later' }, now);
    expect(skip).toEqual([{ kind: 'skip', date: '2027-03-13', then: 'later' }]);
    const moved = changedMeetings(
      { ...rule, changes: skip as never },
      { kind: 'move', date: '2027-03-13', to: '2027-03-14', time: '10:00' },
      now,
    );
    // The skip of that date is replaced by the move.
    expect(moved).toEqual([{ kind: 'move', date: '2027-03-13', to: '2027-03-14', time: '10:00' }]);
    const added = changedMeetings(rule, { kind: 'add', date: '2027-03-17', time: '20:00' }, now);
    expect(added).toEqual([{ kind: 'add', date: '2027-03-17', time: '20:00' }]);
    expect(
      changedMeetings(
        { ...rule, changes: added as never },
        { kind: 'undo', date: '2027-03-17' },
        now,
      ),
    ).toEqual([]);
  });

  it('refuses a meeting begun, a date past, a date the class does not have', () => {
    expect(changedMeetings(rule, { kind: 'cancel', date: '2027-03-06', message: 'x' }, now)).toBe(
      'meetingPast',
    );
    expect(
      changedMeetings(
        rule,
        { kind: 'move', date: '2027-03-20', to: '2027-03-11', time: '19:00' },
        now,
      ),
    ).toBe('meetingPast');
    expect(changedMeetings(rule, { kind: 'add', date: '2027-03-12', time: '10:00' }, now)).toBe(
      'meetingPast',
    );
    expect(changedMeetings(rule, { kind: 'skip', date: '2027-03-14', then: 'fewer' }, now)).toBe(
      'meetingNotFound',
    );
    expect(changedMeetings(rule, { kind: 'undo', date: '2027-03-20' }, now)).toBe(
      'meetingNotFound',
    );
  });
});
