/**
 * A person's data as GET /api/me/data gives it (one of every kind of entry: a place, past classes,
 * a valid and a withdrawn certificate, the desk's record, an alert, e-mails sent and waiting, staff
 * actions), for the screens and functions that show it.
 */
import type { MyData } from '@centro/contracts';

export const aPersonsData: MyData = {
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
