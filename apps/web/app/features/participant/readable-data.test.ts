import type { MyData } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import { readableInstant, readableMyData } from './readable-data';

const data: MyData = {
  exportedAt: '2027-03-07T01:00:00.000Z',
  account: {
    id: '0b6c9a1e-2f3d-4c5b-8a7e-1d2c3b4a5f60',
    name: 'Bruno Lima',
    signInEmail: 'bruno@example.org',
    mail: 'bruno@example.org',
    phone: '+55 11 91234-5678',
    birthDate: '25/12/1990',
    createdAt: '2027-03-01T12:00:00.000Z',
    emailVerifiedAt: null,
  },
  consentAt: '2027-03-01T12:00:00.000Z',
  enrolments: [
    {
      course: 'passe',
      title: 'Passe',
      turma: 'Turma 2027/1',
      status: 'confirmed',
      enrolledAt: '2027-03-02T13:30:00.000Z',
      updatedAt: '2027-03-02T13:30:00.000Z',
      promotedAt: '2027-03-02T13:30:00.000Z',
      checkInCode: true,
    },
  ],
  waitingList: [],
  history: [
    {
      course: 'passe',
      title: 'Passe',
      turma: 'Turma 2027/1',
      state: 'enrolled',
      position: null,
      since: '2027-03-02T13:30:00.000Z',
      changeReason: null,
    },
    {
      course: 'passe',
      title: 'Passe',
      turma: 'Turma 2026/2',
      state: 'concluded',
      position: null,
      since: '2026-12-10T13:30:00.000Z',
      changeReason: 'Repôs as aulas em outra turma',
    },
  ],
  prerequisiteExceptions: [
    {
      course: 'estudando-andre-luiz-ii',
      title: 'Estudando André Luiz II',
      grantedAt: '2027-03-05T14:00:00.000Z',
      grantedBy: 'secretaria-ou-coordenacao',
    },
  ],
  certificates: [
    {
      code: 'K7QM-3XPA-9T2C-HDRW',
      course: 'passe',
      title: 'Passe',
      turma: 'Turma 2026/2',
      concludedAt: '2026-12-10T13:30:00.000Z',
      issuedAt: '2026-12-11T13:00:00.000Z',
      valid: true,
      withdrawnAt: null,
      verifyUrl: 'https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
    },
    {
      code: 'QM7K-XPA3-T2C9-RWHD',
      course: 'passe',
      title: 'Passe',
      turma: 'Turma 2026/1',
      concludedAt: '2026-06-10T13:30:00.000Z',
      issuedAt: '2026-06-11T13:00:00.000Z',
      valid: false,
      withdrawnAt: '2026-06-20T13:00:00.000Z',
      verifyUrl: 'https://www.centro.org.br/certificados/QM7K-XPA3-T2C9-RWHD',
    },
  ],
  deskConsents: [
    {
      name: 'Bruno Lima',
      phone: '+55 11 91234-5678',
      mail: null,
      consentText: 'Autorizo o centro a guardar meu nome e telefone para a inscrição.',
      consentAt: '2027-02-20T13:00:00.000Z',
      recordedBy: 'secretaria-ou-coordenacao',
      claimedAt: '2027-03-01T12:00:00.000Z',
    },
  ],
  openingAlerts: [
    {
      course: 'estudo-do-evangelho',
      title: 'Estudo do Evangelho',
      createdAt: '2027-03-03T12:00:00.000Z',
    },
  ],
  messages: [
    {
      subject: 'Inscrição confirmada: Passe',
      status: 'sent',
      createdAt: '2027-03-02T13:30:00.000Z',
      sentAt: '2027-03-02T13:31:00.000Z',
    },
    { subject: null, status: 'pending', createdAt: '2027-03-06T23:00:00.000Z', sentAt: null },
  ],
  attendance: [
    {
      course: 'passe',
      turma: 'Turma 2027/1',
      meeting: 2,
      present: true,
      markedAt: '2027-03-06T23:00:00.000Z',
    },
  ],
  staffActions: [
    {
      at: '2027-03-06T23:00:00.000Z',
      action: 'attendance.update',
      course: 'passe',
      title: 'Passe',
      role: 'secretaria',
      count: 1,
    },
    {
      at: '2027-03-05T14:00:00.000Z',
      action: 'prerequisite.exception',
      course: 'estudando-andre-luiz-ii',
      title: 'Estudando André Luiz II',
      role: 'coordenacao',
      count: 1,
    },
    {
      at: '2027-03-07T13:00:00.000Z',
      action: 'participants.view',
      course: 'conheca-o-espiritismo',
      title: 'Conheça o Espiritismo',
      role: 'secretaria',
      count: 3,
    },
    {
      at: '2027-03-08T13:00:00.000Z',
      action: 'participant.remove',
      course: 'conheca-o-espiritismo',
      title: 'Conheça o Espiritismo',
      role: null,
      count: 1,
    },
  ],
  staffRoles: [],
};

describe("'Meus dados' to read", () => {
  it('reads instants on São Paulo’s clock', () => {
    // 01:00 UTC is still the evening before in São Paulo.
    expect(readableInstant('2027-03-07T01:00:00.000Z')).toBe('06/03/2027, 22h00');
    expect(readableInstant(null)).toBe('—');
  });

  it('gives every part of the JSON a pt-BR heading, label and value', () => {
    const sections = readableMyData(data);
    expect(sections.map((s) => s.title)).toEqual([
      'Cadastro',
      'Inscrição feita no balcão',
      'Inscrições',
      'Listas de espera',
      'Turmas (atuais e anteriores)',
      'Certificados',
      'Inscrições liberadas sem pré-requisito',
      'Avisos de abertura de inscrições',
      'Presenças',
      'E-mails para você',
      'Ações da equipe sobre seus dados',
      'Funções na equipe',
    ]);
    const [account, desk, enrolments, waiting, history, certificates, exceptions] = sections;
    const [, , , , , , , alerts, attendance, messages, actions] = sections;
    expect(account?.rows).toContainEqual(['Celular', '+55 11 91234-5678']);
    expect(account?.rows).toContainEqual(['E-mail confirmado em', '—']);
    expect(account?.rows).toContainEqual(['Aceite do aviso de privacidade', '01/03/2027, 09h00']);
    expect(enrolments?.rows).toEqual([
      [
        'Passe (Turma 2027/1)',
        "Confirmada desde 02/03/2027, 10h30 (vaga da lista de espera em 02/03/2027, 10h30); QR code de entrada em 'Minhas inscrições'",
      ],
    ]);
    // The code that checks each certificate, and the address printed on it; a withdrawn one is
    // said to be invalid, as its public check says.
    expect(certificates?.rows).toEqual([
      [
        'Passe (Turma 2026/2)',
        'Código K7QM-3XPA-9T2C-HDRW, emitido em 11/12/2026, 10h00; conclusão em 10/12/2026, 10h30; confira em https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
      ],
      [
        'Passe (Turma 2026/1)',
        'Código QM7K-XPA3-T2C9-RWHD, emitido em 11/06/2026, 10h00; inválido desde 20/06/2026, 10h00',
      ],
    ]);
    // The consent given in person, in the words read, recorded by role (never a staff name).
    expect(desk?.rows).toEqual([
      ['Nome informado', 'Bruno Lima'],
      ['Celular informado', '+55 11 91234-5678'],
      ['E-mail informado', '—'],
      [
        'Consentimento dado pessoalmente',
        'Em 20/02/2027, 10h00, registrado pela secretaria ou coordenação',
      ],
      ['Texto lido para você', 'Autorizo o centro a guardar meu nome e telefone para a inscrição.'],
      ['Vinculada à sua conta em', '01/03/2027, 09h00'],
    ]);
    expect(alerts?.rows).toEqual([['Estudo do Evangelho', 'Pedido em 03/03/2027, 09h00']]);
    expect(messages?.rows).toEqual([
      ['Inscrição confirmada: Passe', 'Enviado em 02/03/2027, 10h31'],
      ['E-mail com assunto definido no envio', 'Aguardando envio desde 06/03/2027, 20h00'],
    ]);
    expect(waiting?.rows).toEqual([]);
    expect(waiting?.empty).toBe('Nenhuma lista de espera.');
    expect(history?.rows).toEqual([
      ['Passe (Turma 2027/1)', 'Inscrição confirmada, desde 02/03/2027, 10h30'],
      [
        'Passe (Turma 2026/2)',
        'Concluído, em 10/12/2026, 10h30 (alterado pela coordenação: Repôs as aulas em outra turma)',
      ],
    ]);
    // Who granted it by role, never the staff member's name or e-mail.
    expect(exceptions?.rows).toEqual([
      ['Estudando André Luiz II', 'Liberada pela secretaria ou coordenação em 05/03/2027, 11h00'],
    ]);
    expect(attendance?.rows).toEqual([
      ['Passe (Turma 2027/1), encontro 2', 'Presente (marcado em 06/03/2027, 20h00)'],
    ]);
    // By role and the course's title (one the person left included), never a name or a slug.
    expect(actions?.rows).toEqual([
      ['06/03/2027, 20h00', 'Marcou sua presença ou falta (Passe), pela Secretaria'],
      [
        '05/03/2027, 11h00',
        'Liberou sua inscrição sem pré-requisito (Estudando André Luiz II), pela Coordenação',
      ],
      [
        '07/03/2027, 10h00',
        'Viu a lista de participantes com seus dados (Conheça o Espiritismo), pela Secretaria (3 vezes)',
      ],
      ['08/03/2027, 10h00', 'Removeu você do curso (Conheça o Espiritismo), pela equipe'],
    ]);
  });
});
