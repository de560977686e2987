import type { StaffParticipant } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  phoneLinksOf,
  settingsFormOf,
  settingsRequestOf,
  visibleParticipants,
} from './format';

const person = (name: string, email: string, enrolledAt: string): StaffParticipant => ({
  id: name,
  name,
  email,
  celular: '',
  enrolledAt,
  status: 'confirmed',
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
