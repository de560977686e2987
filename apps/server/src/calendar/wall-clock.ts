/**
 * A date and time of the meetings' zone as ical-generator's wall-clock string. ical-generator reads
 * a string without an offset as the process's local time and writes its local fields back under
 * the event's TZID, so the fields come out unchanged unless that local time does not exist in the
 * process's own zone (a summer-time gap); that is checked rather than assumed.
 */

/** "2027-03-06" + "17:30" → "2027-03-06T17:30:00"; throws if the process's zone skips it. */
export function wallClock(isoDate: string, time: string): string {
  const value = `${isoDate}T${time}:00`;
  const parsed = new Date(value);
  const [year, month, day] = isoDate.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  if (
    parsed.getFullYear() !== year ||
    parsed.getMonth() + 1 !== month ||
    parsed.getDate() !== day ||
    parsed.getHours() !== hours ||
    parsed.getMinutes() !== minutes
  ) {
    throw new Error(`${value} does not exist in the server's local time zone; set TZ=UTC`);
  }
  return value;
}
