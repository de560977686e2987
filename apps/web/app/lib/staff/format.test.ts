import { type StaffParticipant, UNSET_COURSE_SETTINGS } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  pastMeetingWarning,
  phoneLinksOf,
  settingsFormOf,
  settingsSavedText,
  settingsRequestOf,
  visibleParticipants,
} from '~/lib/staff/format';

const person = (name: string, email: string, enrolledAt: string): StaffParticipant => ({
  id: name,
  name,
  email,
  celular: '',
  enrolledAt,
  status: 'confirmed',
  atDesk: false,
});

const people = [
  person('Zélia Prado', 'zelia@example.org', '2026-03-02T12:00:00.000Z'),
  person('Ana Souza', 'ana@example.org', '2026-03-03T12:00:00.000Z'),
  person('João Ávila', 'joao@example.org', '2026-03-01T12:00:00.000Z'),
];

describe('staff dates', () => {
  it('shows instants on São Paulo’s clock', () => {
    // 02:30 UTC is still the previous evening in São Paulo (UTC−3).
    expect(formatDate('2026-03-02T02:30:00.000Z')).toBe('01/03/2026');
    expect(formatDateTime('2026-03-02T02:30:00.000Z')).toBe('01/03/2026 às 23h30');
  });
});

describe('visibleParticipants', () => {
  it('finds names without their accents, and e-mails', () => {
    expect(visibleParticipants(people, 'zelia', 'name', 'asc').map((p) => p.name)).toEqual([
      'Zélia Prado',
    ]);
    expect(visibleParticipants(people, ' ANA@', 'name', 'asc').map((p) => p.name)).toEqual([
      'Ana Souza',
    ]);
    expect(visibleParticipants(people, 'ninguém', 'name', 'asc')).toEqual([]);
  });

  it('sorts by name in Portuguese order, or by date, either way', () => {
    expect(visibleParticipants(people, '', 'name', 'asc').map((p) => p.name)).toEqual([
      'Ana Souza',
      'João Ávila',
      'Zélia Prado',
    ]);
    expect(visibleParticipants(people, '', 'enrolledAt', 'desc').map((p) => p.name)).toEqual([
      'Ana Souza',
      'Zélia Prado',
      'João Ávila',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const before = people.map((p) => p.name);
    visibleParticipants(people, '', 'name', 'desc');
    expect(people.map((p) => p.name)).toEqual(before);
  });
});

describe('the settings form', () => {
  const stored = {
    places: 40,
    inviteCode: null,
    opensAt: '2026-03-01T09:00',
    closesAt: null,
    firstMeeting: null,
    time: '19:30',
    count: null,
    durationMinutes: 90,
    room: 'Salão',
  };

  it('round-trips stored settings, empty fields meaning the default', () => {
    const form = settingsFormOf(stored);
    expect(form.places).toBe('40');
    expect(form.inviteCode).toBe('');
    expect(settingsRequestOf(form)).toEqual({ ok: true, settings: stored });
  });

  it('trims texts and names a number field that is not a whole number', () => {
    const form = { ...settingsFormOf(stored), room: '  ', places: ' 12 ' };
    expect(settingsRequestOf(form)).toEqual({
      ok: true,
      settings: { ...stored, room: null, places: 12 },
    });
    expect(settingsRequestOf({ ...form, count: '3,5' })).toEqual({
      ok: false,
      field: 'count',
      message: 'Número de encontros: use um número inteiro.',
    });
    expect(settingsRequestOf({ ...form, durationMinutes: 'x' })).toMatchObject({
      message: 'Duração de cada encontro: use um número inteiro.',
    });
  });

  it('keeps only the code of an invite pasted as WhatsApp shares it, and refuses one with none', () => {
    const form = settingsFormOf(stored);
    const link = 'https://chat.whatsapp.com/Fh3kQm9ZpL2xW7vB1nT4yR?mode=ems_copy_t';
    expect(settingsRequestOf({ ...form, inviteCode: link })).toEqual({
      ok: true,
      settings: { ...stored, inviteCode: 'Fh3kQm9ZpL2xW7vB1nT4yR' },
    });
    expect(settingsRequestOf({ ...form, inviteCode: 'https://example.com/x' })).toMatchObject({
      ok: false,
      field: 'inviteCode',
    });
  });
});

describe('meetings at a time already past', () => {
  const blank = settingsFormOf({ ...UNSET_COURSE_SETTINGS, firstMeeting: '2026-03-04' });
  const defaults = { firstMeeting: '2026-03-04', time: '19:30', count: 10 };
  // Wednesday 11 March 2026, 20:00 in São Paulo: the second meeting's day.
  const now = new Date('2026-03-11T23:00:00.000Z');

  it("warns when today's meeting is moved to a time that went by", () => {
    expect(pastMeetingWarning({ ...blank, time: '19:00' }, blank, defaults, now)).toBe(
      'O encontro de hoje, às 19h00, já passou.',
    );
    expect(pastMeetingWarning({ ...blank, time: '20:30' }, blank, defaults, now)).toBeNull();
  });

  it('warns when the first meeting is moved to before now', () => {
    const moved = { ...blank, firstMeeting: '2026-03-11', time: '08:00' };
    expect(pastMeetingWarning(moved, blank, defaults, now)).toBe(
      'O primeiro encontro, em 11/03/2026 às 08h00, já passou.',
    );
  });

  it('says nothing when the meetings stay as they were', () => {
    expect(pastMeetingWarning({ ...blank, places: '40' }, blank, defaults, now)).toBeNull();
  });

  it('tells staff how many people were told by e-mail', () => {
    expect(settingsSavedText(0)).toBe('Configurações salvas.');
    expect(settingsSavedText(1)).toBe(
      'Configurações salvas. Avisamos 1 pessoa por e-mail sobre a mudança nos encontros.',
    );
    expect(settingsSavedText(12)).toContain('Avisamos 12 pessoas por e-mail');
  });
});

describe('phoneLinksOf', () => {
  it('dials and opens WhatsApp with the number as stored, or a Brazilian one typed without +55', () => {
    expect(phoneLinksOf('+55 11 98765-4321')).toEqual({
      tel: 'tel:+5511987654321',
      whatsapp: 'https://wa.me/5511987654321',
    });
    expect(phoneLinksOf('(21) 3456-7890')).toEqual({
      tel: 'tel:+552134567890',
      whatsapp: 'https://wa.me/552134567890',
    });
    expect(phoneLinksOf('+351 91 234-5678')?.tel).toBe('tel:+351912345678');
  });

  it('gives no link for an empty or impossible number', () => {
    expect(phoneLinksOf('')).toBeNull();
    expect(phoneLinksOf('12345')).toBeNull();
    expect(phoneLinksOf('1'.repeat(16))).toBeNull();
  });
});
