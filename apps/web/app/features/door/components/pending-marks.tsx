/**
 * Sends the marks this device still holds for the signed-in person (decision 089), wherever the
 * staff area opens: a person who lost every staff role sees no attendance panel, yet their phone's
 * marks are sent, refused and dropped with a note, rather than kept for ever (decision 098).
 */
import { useAttendanceQueue } from './use-attendance-queue';

export function PendingMarks() {
  useAttendanceQueue();
  return null;
}
