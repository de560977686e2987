/** A course's prerequisites, 'Liberar inscrição' and the completions in the staff area. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { CompletionsPanel } from './completions-panel';
import { PrerequisitesPanel } from './prerequisites-panel';

const ANA = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ana Souza',
  email: 'ana@example.org',
};
const CLASS = '22222222-2222-4222-8222-222222222222';

function stubApi() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let exceptions: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/exceptions')) {
        exceptions = [{ personId: ANA.id, name: ANA.name, grantedAt: '2026-11-26T13:00:00.000Z' }];
      }
      if (method === 'POST') return Response.json({ ok: true });
    }
    if (url.startsWith('/api/staff/people')) return Response.json({ people: [ANA] });
    if (url.endsWith('/completions')) {
      return Response.json({
        completions: [
          {
            personId: ANA.id,
            name: ANA.name,
            classId: CLASS,
            className: 'Turma 2026/1',
            concluded: false,
            concludedAt: '2026-07-01T12:00:00.000Z',
            reason: null,
          },
        ],
      });
    }
    const first = { slug: 'estudando-andre-luiz-i', title: 'Estudando André Luiz I' };
    const choices = [{ slug: 'passe', title: 'Passe' }, first];
    return Response.json({
      required: [first],
      defaults: [first],
      byStaff: false,
      exceptions,
      choices,
    });
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

describe('PrerequisitesPanel', () => {
  it('shows Secretaria the course required, finds a person and frees their enrolment', async () => {
    const sent = stubApi();
    renderWithRouter(<PrerequisitesPanel slug="estudando-andre-luiz-ii" coordination={false} />, {
      url: '/equipe',
      auth: signedIn(),
    });
    expect(
      await screen.findByText(
        /Para se inscrever, é preciso ter concluído: Estudando André Luiz I\. \(Padrão do curso\.\)/,
      ),
    ).toBeInTheDocument();
    // Only Coordenação changes the list.
    expect(screen.queryByRole('button', { name: 'Salvar pré-requisitos' })).not.toBeInTheDocument();

    const search = screen.getByLabelText('E-mail ou nome');
    // A fragment would list everyone: a whole e-mail or a name and surname (decision 081).
    await userEvent.type(search, 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(search).toHaveAccessibleDescription(
      'Digite o e-mail completo, o celular com DDD ou o nome e o sobrenome da pessoa.',
    );

    await userEvent.type(search, ' souza');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Liberar inscrição de Ana Souza' }),
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/staff/courses/estudando-andre-luiz-ii/exceptions',
        body: { personId: ANA.id },
      },
    ]);
    expect(await screen.findByText(/Ana Souza — /)).toBeInTheDocument();
  });

  it('lets Coordenação choose the courses required', async () => {
    const sent = stubApi();
    renderWithRouter(<PrerequisitesPanel slug="estudando-andre-luiz-ii" coordination />, {
      url: '/equipe',
      auth: signedIn(),
    });
    const first = await screen.findByRole('checkbox', { name: 'Estudando André Luiz I' });
    expect(first).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Passe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar pré-requisitos' }));
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/staff/courses/estudando-andre-luiz-ii/prerequisites',
        body: { required: ['passe', 'estudando-andre-luiz-i'] },
      },
    ]);
  });
});

describe('CompletionsPanel', () => {
  it("lets Coordenação change a participant's completion only with a reason", async () => {
    const sent = stubApi();
    renderWithRouter(<CompletionsPanel slug="estudando-andre-luiz-i" coordination />, {
      url: '/equipe',
      auth: signedIn(),
    });
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(screen.getByText('Não concluiu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mudar Ana Souza para Concluiu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar: Concluiu' }));
    expect(screen.getByLabelText('Motivo')).toHaveAccessibleDescription(
      'Informe o motivo da alteração.',
    );
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Motivo'), 'Repôs as aulas');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar: Concluiu' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: `/api/staff/courses/estudando-andre-luiz-i/completions/${CLASS}/${ANA.id}`,
          body: { concluded: true, reason: 'Repôs as aulas' },
        },
      ]),
    );
  });

  it('shows Secretaria the list without changing it', async () => {
    stubApi();
    renderWithRouter(<CompletionsPanel slug="estudando-andre-luiz-i" coordination={false} />, {
      url: '/equipe',
      auth: signedIn(),
    });
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mudar/ })).toBeNull();
  });
});
