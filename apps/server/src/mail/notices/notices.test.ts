/**
 * The notices rendered: each says what happened and what to do, in pt-BR, in both
 * parts; names are escaped; the change of meetings brings the new day and time and a calendar with
 * them; a role notice carries no name; the promotion is the confirmation saying the waiting ended.
 */
import { centre, type Course, findCourse } from '@centro/content';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { enrolmentConfirmation } from '../messages/messages.js';
import {
  classConcluded,
  classReminder,
  classReopened,
  classReminderSubject,
  courseMeetingsChanged,
  enrolmentCancelled,
  enrolmentOpened,
  enrolmentRemoved,
  waitingListJoined,
} from './notices.js';
import { staffRoleGranted } from './staff-roles.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const course: Course = {
  ...passe,
  meetings: { ...passe.meetings, firstMeeting: '2026-03-10', weekday: 'tuesday', time: '19:30' },
};
const base = {
  centre,
  to: 'ana@example.org',
  personName: 'Ana Souza',
  course,
  programmeName: 'Global Kardec',
  courseUrl: 'https://www.centro.org.br/global-kardec/passe',
};
const HOSTILE = `<img src=x onerror="alert(1)"> & 'Ana'`;

describe('the notices', () => {
  it('a cancellation says it was done as asked, that the place went on, and how to come back', () => {
    const m = enrolmentCancelled(base);
    expect(m.kind).toBe('enrolment-cancelled');
    expect(m.subject).toBe('Inscrição cancelada: Passe (Global Kardec)');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Olá, Ana Souza!');
      expect(part).toContain(
        'Sua inscrição no curso Passe, do programa Global Kardec, foi cancelada',
      );
      expect(part).toContain('https://www.centro.org.br/global-kardec/passe');
    }
    expect(m.text).toContain('Se não foi você quem cancelou, responda a esta mensagem.');
    expect(m.attachments).toEqual([]);
  });

  it('a waiting-list join gives the position and says nothing more is needed', () => {
    const m = waitingListJoined({ ...base, position: 3 });
    expect(m.subject).toBe('Lista de espera: Passe (Global Kardec)');
    expect(m.text).toContain('Sua posição na fila: 3º.');
    expect(m.html).toContain('Sua posição na fila: 3º.');
    expect(m.text).toContain('a vaga será sua sem que você precise fazer nada');
    expect(() => waitingListJoined({ ...base, position: 0 })).toThrow();
  });

  it('a removal by staff says who did it and whom to ask, never with a name of staff', () => {
    const m = enrolmentRemoved(base);
    expect(m.subject).toBe('Inscrição encerrada: Passe (Global Kardec)');
    expect(m.text).toContain('A equipe do centro encerrou sua inscrição no curso Passe');
    expect(m.text).toContain(`escreva para ${centre.email}`);
  });

  it('a change of meetings gives the new day and time and a calendar file with them', () => {
    const m = courseMeetingsChanged({ ...base, now: new Date('2026-02-01T12:00:00Z') });
    expect(m.subject).toBe('Mudança nos encontros: Passe (Global Kardec)');
    expect(m.text).toContain('Sua inscrição continua valendo');
    expect(m.text).toContain('Primeiro encontro: terça-feira, 10/03/2026, às 19h30');
    expect(m.html).toContain('Primeiro encontro:');
    const [ics] = m.attachments;
    expect(ics?.filename).toBe('passe.ics');
    const vevent = new ICAL.Component(ICAL.parse(ics?.content ?? '')).getFirstSubcomponent(
      'vevent',
    );
    expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe('2026-03-10T19:30:00');
  });

  it('a role given names the role and what it allows, with no greeting by name', () => {
    const m = staffRoleGranted({
      centre,
      to: 'bia@example.org',
      role: 'secretaria',
      staffUrl: 'https://www.centro.org.br/equipe',
    });
    expect(m.subject).toBe('Você agora faz parte da equipe: Secretaria');
    expect(m.text).toMatch(/^Olá!\n/);
    expect(m.text).toContain('deu a você a função Secretaria');
    expect(m.text).toContain('Abrir a área da equipe: https://www.centro.org.br/equipe');
    expect(m.html).toContain('href="https://www.centro.org.br/equipe"');
    const c = staffRoleGranted({
      centre,
      to: 'bia@example.org',
      role: 'coordenacao',
      staffUrl: 'https://www.centro.org.br/equipe',
    });
    expect(c.subject).toBe('Você agora faz parte da equipe: Coordenação');
    expect(c.text).toContain('dá funções a outras pessoas');
  });

  it("'Avise-me quando abrir': the course opened, how to enrol now, and that it is the only notice", () => {
    const m = enrolmentOpened(base);
    expect(m.kind).toBe('enrolment-opened');
    expect(m.subject).toBe('Inscrições abertas: Passe (Global Kardec)');
    expect(m.text).toContain(
      'As inscrições do curso Passe, do programa Global Kardec, estão abertas.',
    );
    expect(m.text).toContain('Inscrever-me: https://www.centro.org.br/global-kardec/passe');
    expect(m.text).toContain('Este é o único aviso que enviaremos sobre a abertura deste curso.');
    expect(m.html).toContain('href="https://www.centro.org.br/global-kardec/passe"');
  });

  it("the reminder's subject says the weekday, DD/MM and HHhMM of the first meeting", () => {
    expect(classReminderSubject({ firstMeeting: '2026-03-10', time: '19:30' })).toBe(
      'Lembrete: sua turma começa terça-feira, 10/03 às 19h30',
    );
    expect(classReminderSubject({ firstMeeting: '2027-01-02', time: '09:05' })).toBe(
      'Lembrete: sua turma começa sábado, 02/01 às 09h05',
    );
  });

  it('the reminder gives the meetings, the place and the calendar file', () => {
    const m = classReminder(base);
    expect(m.kind).toBe('class-reminder');
    expect(m.subject).toBe('Lembrete: sua turma começa terça-feira, 10/03 às 19h30');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Primeiro encontro: terça-feira, 10/03/2026, às 19h30');
      expect(part).toContain(`Local: ${course.meetings.room ? `${course.meetings.room} – ` : ''}`);
    }
    expect(m.text).toContain(centre.address.street);
    const ics = m.attachments.find((a) => a.filename === 'passe.ics');
    const vevent = new ICAL.Component(ICAL.parse(ics?.content ?? '')).getFirstSubcomponent(
      'vevent',
    );
    expect(String(vevent?.getFirstPropertyValue('dtstart'))).toMatch(/^2026-03-10T19:30:00$/);
  });

  it('the reminder follows the meetings as dates (decision 091): the first held, a holiday, a cancellation', () => {
    const m = classReminder({
      ...base,
      course: {
        ...course,
        meetings: {
          ...course.meetings,
          changes: [
            { kind: 'skip', date: '2026-03-10', then: 'later', reason: 'Carnaval' },
            { kind: 'cancel', date: '2026-03-24', message: 'Reforma do salão' },
          ],
        },
      },
    });
    // The first date is a holiday: the class begins a week later.
    expect(m.subject).toBe('Lembrete: sua turma começa terça-feira, 17/03 às 19h30');
    expect(m.text).toContain('Primeiro encontro: terça-feira, 17/03/2026, às 19h30');
    expect(m.text).toContain('Sem encontro em terça-feira, 10/03/2026 (Carnaval)');
    expect(m.text).toContain('Encontro de terça-feira, 24/03/2026 cancelado: Reforma do salão');
    const ics = m.attachments.find((a) => a.filename === 'passe.ics')?.content ?? '';
    expect(ics).toContain('EXDATE;TZID=America/Sao_Paulo:20260310T193000');
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('escapes names in the HTML part', () => {
    const m = enrolmentCancelled({ ...base, personName: HOSTILE });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img');
  });

  it('refuses a course link that is not http(s)', () => {
    expect(() => enrolmentRemoved({ ...base, courseUrl: 'javascript:alert(1)' })).toThrow();
  });
});

describe('the promotion from the waiting list', () => {
  it('is the confirmation that says the waiting ended, with its calendar', () => {
    const m = enrolmentConfirmation({ ...base, promoted: true });
    expect(m.kind).toBe('waiting-list-promotion');
    expect(m.subject).toBe('Sua vaga chegou: Passe (Global Kardec)');
    expect(m.text).toContain('abriu uma vaga e a sua espera terminou. A vaga é sua');
    expect(m.text).toContain('está confirmada');
    expect(m.attachments[0]?.filename).toBe('passe.ics');
    const plain = enrolmentConfirmation({ ...base, course: passe });
    expect(plain.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    expect(plain.text).not.toContain('espera terminou');
  });

  it('a completion says where its certificate is; a class not completed has none; reopening voids it', () => {
    const result = {
      ...base,
      className: 'Turma 2026/1',
      present: 9,
      meetings: 10,
      minimumPercent: 75,
      profileUrl: 'https://www.centro.org.br/perfil',
    };
    const done = classConcluded({ ...result, concluded: true });
    expect(done.text).toContain(
      "Seu certificado de conclusão (PDF) já pode ser baixado em 'Minhas inscrições', na sua página do site:\nhttps://www.centro.org.br/perfil",
    );
    expect(done.html).toContain('href="https://www.centro.org.br/perfil"');
    const notDone = classConcluded({ ...result, concluded: false, present: 2 });
    expect(notDone.text).not.toContain('certificado');
    // Reopened: a certificate downloaded meanwhile no longer holds.
    expect(classReopened({ ...base, className: 'Turma 2026/1' }).text).toContain(
      'Se você baixou o certificado de conclusão desta turma, ele deixou de valer.',
    );
  });
});
