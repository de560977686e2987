/**
 * Pure helpers of the staff area: dates as staff read them (São Paulo's clock, DD/MM/AAAA), the
 * participant list's search and sort (done in the browser on the list loaded once, so that typing
 * a search does not record one list view per key), and the course settings form's values.
 */
import {
  formatDate as formatIsoDate,
  formatTime,
  MEETING_TIME_ZONE,
  meetingDates,
  wallClockAt,
  zonedInstant,
} from '@centro/content/site';
import type { StaffCourseSettings, StaffParticipant } from '@centro/contracts';
import { FIELD_LABELS } from '@centro/contracts/field-labels';
import { INVITE_CODE_ERROR, whatsappInviteCodeOf } from '@centro/contracts/whatsapp';
import { staffMessages } from '~/lib/staff/copy';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: MEETING_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: MEETING_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant (UTC ISO-8601) as DD/MM/AAAA in São Paulo. */
export const formatDate = (instant: string): string => dateFormat.format(new Date(instant));

/** An instant as 'DD/MM/AAAA às HHhMM' in São Paulo. */
export function formatDateTime(instant: string): string {
  const time = timeFormat.format(new Date(instant)).replace(':', 'h');
  return `${formatDate(instant)} às ${time}`;
}

/**
 * A participant's phone as links a staff member's phone opens: `tel:` dials it, WhatsApp opens a
 * chat with it. Null when the text holds no number a phone could dial (too few or too many digits).
 * A number without a country code (10 or 11 digits) is Brazilian.
 */
export function phoneLinksOf(phone: string): { tel: string; whatsapp: string } | null {
  const digits = phone.replace(/\D/g, '');
  const international = digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
  if (international.length < 12 || international.length > 15) return null;
  return { tel: `tel:+${international}`, whatsapp: `https://wa.me/${international}` };
}

/** Lower case without accents: 'José' is found by 'jose'. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export type ParticipantSort = 'name' | 'email' | 'enrolledAt';
export type SortOrder = 'asc' | 'desc';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** The participants whose name or e-mail contains the search, sorted. */
export function visibleParticipants(
  people: readonly StaffParticipant[],
  search: string,
  sort: ParticipantSort,
  order: SortOrder,
): StaffParticipant[] {
  const query = fold(search.trim());
  const found = query
    ? people.filter((p) => fold(p.name).includes(query) || fold(p.email).includes(query))
    : [...people];
  const sign = order === 'desc' ? -1 : 1;
  return found.sort((a, b) => sign * collator.compare(a[sort], b[sort]));
}

/** The settings form: every field as its input's text ('' = the content's default). */
export type SettingsForm = Record<keyof StaffCourseSettings, string>;

const NUMBER_FIELDS = ['places', 'count', 'durationMinutes'] as const;

/** The form's texts for stored settings. */
export function settingsFormOf(settings: StaffCourseSettings): SettingsForm {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    places: text(settings.places),
    inviteCode: text(settings.inviteCode),
    opensAt: text(settings.opensAt),
    closesAt: text(settings.closesAt),
    firstMeeting: text(settings.firstMeeting),
    time: text(settings.time),
    count: text(settings.count),
    durationMinutes: text(settings.durationMinutes),
    room: text(settings.room),
  };
}

/** A field the form refuses before sending, with the sentence shown beside it. */
export interface SettingsProblem {
  field: keyof SettingsForm;
  message: string;
}

/**
 * The request for the form's texts: an empty field gives the content's default back (null); the
 * WhatsApp invite may be the whole link as WhatsApp shares it (only its code is sent); a number
 * field holding something else than a whole number, or an invite with no code, is refused with
 * the field named in Portuguese.
 */
export function settingsRequestOf(
  form: SettingsForm,
): { ok: true; settings: StaffCourseSettings } | ({ ok: false } & SettingsProblem) {
  const value = (field: keyof SettingsForm) => {
    const trimmed = form[field].trim();
    return trimmed === '' ? null : trimmed;
  };
  const numbers: Partial<Record<(typeof NUMBER_FIELDS)[number], number | null>> = {};
  for (const field of NUMBER_FIELDS) {
    const text = value(field);
    if (text !== null && !/^\d+$/.test(text)) {
      return {
        ok: false,
        field,
        message: `${FIELD_LABELS[field].replace(/ \(.*\)$/, '')}: use um número inteiro.`,
      };
    }
    numbers[field] = text === null ? null : Number(text);
  }
  const invite = value('inviteCode');
  const inviteCode = invite === null ? null : whatsappInviteCodeOf(invite);
  if (invite !== null && inviteCode === null) {
    return {
      ok: false,
      field: 'inviteCode',
      message: INVITE_CODE_ERROR,
    };
  }
  return {
    ok: true,
    settings: {
      places: numbers.places ?? null,
      inviteCode,
      opensAt: value('opensAt'),
      closesAt: value('closesAt'),
      firstMeeting: value('firstMeeting'),
      time: value('time'),
      count: numbers.count ?? null,
      durationMinutes: numbers.durationMinutes ?? null,
      room: value('room'),
    },
  };
}

/** The meetings' defaults the settings fall back on (the API's `defaults`). */
export interface MeetingDefaults {
  firstMeeting: string;
  time: string;
  count: number;
}

/**
 * Why saving these settings needs a second look: the change (of the first meeting, the time or the
 * count) puts a meeting at a time already past: the first meeting moved to before now, or today's
 * meeting at a time that already went by. The participants would be told of a meeting they cannot
 * attend. Null: nothing to warn about (a save that leaves the meetings as they were never warns).
 */
export function pastMeetingWarning(
  form: SettingsForm,
  saved: SettingsForm,
  defaults: MeetingDefaults,
  now: Date,
): string | null {
  const meetingFields = ['firstMeeting', 'time', 'count'] as const;
  if (meetingFields.every((field) => form[field].trim() === saved[field].trim())) return null;
  const firstMeeting = form.firstMeeting.trim() || defaults.firstMeeting;
  const time = form.time.trim() || defaults.time;
  const count = /^\d+$/.test(form.count.trim()) ? Number(form.count) : defaults.count;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstMeeting) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const startOf = (date: string) => zonedInstant(date, time).getTime();
  const { year, month, day } = wallClockAt(now);
  const today = `${year}-${month}-${day}`;
  const when = `${formatIsoDate(firstMeeting)} às ${formatTime(time)}`;
  if (form.firstMeeting.trim() !== saved.firstMeeting.trim() && startOf(firstMeeting) <= +now) {
    return `O primeiro encontro, em ${when}, já passou.`;
  }
  const dates = meetingDates({ firstMeeting, count });
  if (dates.includes(today) && startOf(today) <= +now) {
    return `O encontro de hoje, às ${formatTime(time)}, já passou.`;
  }
  return null;
}

/** What staff read after a save: that it is saved, and who was told of new meetings by e-mail. */
export function settingsSavedText(notified: number | undefined): string {
  if (!notified) return staffMessages.settingsSaved;
  const people = notified === 1 ? '1 pessoa' : `${notified} pessoas`;
  return `${staffMessages.settingsSaved} Avisamos ${people} por e-mail sobre a mudança nos encontros.`;
}
