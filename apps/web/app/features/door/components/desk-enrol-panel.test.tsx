/** 'Inscrever no balcão': an account found by phone, or a person without one and their consent. */
import { DESK_CONSENT_TEXT } from '@centro/contracts/desk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { DeskEnrolPanel } from './desk-enrol-panel';

const ANA = { id: '11111111-1111-4111-8111-111111111111', name: 'Ana Souza', email: 'a@x.org' };

function stubApi(answer: object) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return Response.json(answer);
    }
    return Response.json({ people: [ANA] });
  });
  return sent;
}

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

const staffClass = {
  id: 'k1',
  name: 'Turma 2026/2',
  state: 'open' as const,
  places: 30,
  taken: 30,
  firstMeeting: '2026-03-03',
  opensAt: null,
  closesAt: null,
  schedule: [],
  meetings: {
    firstMeeting: '2027-03-06',
    weekday: 'saturday',
    time: '17:30',
    durationMinutes: 90,
    count: 8,
    room: 'Sala 3',
  },
  dates: [],
};

function renderPanel() {
  const onChanged = vi.fn();
  renderWithRouter(
    <DeskEnrolPanel
      slug="passe"
      staffClass={staffClass}
      coordination={false}
      onChanged={onChanged}
    />,
    { url: '/equipe', auth: signedIn() },
  );
  return onChanged;
}

describe('DeskEnrolPanel', () => {
  it('enrols an account found by phone, and says the class was full', async () => {
    const sent = stubApi({
      personId: ANA.id,
      state: 'waiting',
      position: 3,
      alreadyEnrolled: false,
      claimCode: null,
    });
    const onChanged = renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'Já tem cadastro no site' }));
    await userEvent.type(
      screen.getByLabelText('E-mail, celular ou nome e sobrenome'),
      '21 98888-1111',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Escolher Ana Souza' }));
    await userEvent.click(screen.getByRole('button', { name: 'Inscrever' }));
    expect(
      await screen.findByText(/Ana Souza entrou na lista de espera, na posição 3/),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: '/api/staff/courses/passe/desk-enrol?turma=k1',
        body: { personId: ANA.id, release: false },
      },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('sends a new person only with the consent, in the wording shown, and shows the code', async () => {
    const sent = stubApi({
      personId: 'desk-1',
      state: 'enrolled',
      position: null,
      alreadyEnrolled: false,
      claimCode: 'ABCDEFGH',
    });
    renderPanel();
    await userEvent.type(screen.getByLabelText('Nome e sobrenome'), 'Rosa Lima');
    await userEvent.type(screen.getByLabelText('Celular com DDD'), '21977773333');
    await userEvent.click(screen.getByRole('button', { name: 'Inscrever' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Leia o texto para a pessoa e marque que ela concordou.',
    );
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'A pessoa ouviu e concordou' }));
    await userEvent.click(screen.getByRole('button', { name: 'Inscrever' }));
    expect(await screen.findByText(/ABCD-EFGH/)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      person: {
        name: 'Rosa Lima',
        phone: '21977773333',
        email: '',
        consentText: DESK_CONSENT_TEXT,
      },
      release: false,
    });
  });
});
