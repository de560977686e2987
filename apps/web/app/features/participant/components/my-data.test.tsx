import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/components/toasts/notify';
import { authValue } from '~/test/auth';
import { aPersonsData } from '~/test/my-data';
import { renderWithRouter } from '~/test/render';
import { MyData } from './my-data';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(async () => 'toast'),
  prepareToasts: vi.fn(),
}));

/** The API: /api/me/delete answers `deleteAnswer`; /api/me/data a person's data. */
function stubApi(deleteAnswer: Response) {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/me/delete' ? deleteAnswer.clone() : Response.json(aPersonsData),
  );
}

function renderMyData() {
  const auth = authValue({ status: 'signed-in' });
  const { router } = renderWithRouter(<MyData />, { url: '/perfil', path: '*', auth });
  return { auth, router };
}

async function confirmWith(word: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
  const confirm = screen.getByRole('button', { name: 'Excluir minha conta definitivamente' });
  expect(confirm).toBeDisabled();
  await userEvent.type(
    screen.getByLabelText('Para confirmar, digite a palavra EXCLUIR (em maiúsculas ou minúsculas)'),
    word,
  );
  return confirm;
}

beforeEach(() => vi.mocked(notify).mockClear());

describe("'Meus dados'", () => {
  it("takes 'excluir' in any case, then signs out to the home page with the answer", async () => {
    stubApi(
      Response.json({
        deleted: true,
        accountDeleted: true,
        message: 'Sua conta e todos os seus dados foram excluídos.',
      }),
    );
    const auth = authValue({ status: 'signed-in' });
    const { router } = renderWithRouter(<MyData />, { url: '/perfil', path: '*', auth });
    await userEvent.click(await confirmWith('Excluir'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Sua conta e todos os seus dados foram excluídos.',
    );
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it("asks for a recent sign-in with 'Entrar novamente', which asks the password again", async () => {
    stubApi(
      Response.json(
        { error: 'recent_sign_in_required', message: 'Para excluir sua conta, entre novamente.' },
        { status: 403 },
      ),
    );
    const auth = authValue({ status: 'signed-in' });
    renderWithRouter(<MyData />, { url: '/perfil', path: '*', auth });
    await userEvent.click(await confirmWith('excluir'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Para excluir sua conta, entre novamente.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Entrar novamente' }));
    expect(auth.signIn).toHaveBeenCalledWith({ reauthenticate: true });
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it("'Ver meus dados' shows the export under pt-BR headings", async () => {
    stubApi(Response.json({}));
    renderMyData();
    await userEvent.click(screen.getByRole('button', { name: 'Ver meus dados' }));
    const account = await screen.findByRole('region', { name: 'Cadastro' });
    expect(account).toHaveTextContent('Bruno Lima');
    expect(screen.getByRole('heading', { name: 'Seus dados em 06/03/2027, 22h00' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Inscrições' })).toHaveTextContent(
      'Passe (Turma 2027/1)Confirmada desde 02/03/2027, 10h30',
    );
    expect(
      screen.getByRole('region', { name: 'Inscrições liberadas sem pré-requisito' }),
    ).toHaveTextContent(
      'Estudando André Luiz IILiberada pela secretaria ou coordenação em 05/03/2027, 11h00',
    );
    const certificates = screen.getByRole('region', { name: 'Certificados' });
    expect(certificates).toHaveTextContent('Passe (Turma 2026/2)Código K7QM-3XPA-9T2C-HDRW');
    expect(certificates).toHaveTextContent(
      'confira em https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
    );
    expect(screen.getByRole('region', { name: 'E-mails para você' })).toHaveTextContent(
      'Inscrição confirmada: PasseEnviado em 02/03/2027, 10h31',
    );
  });
});
