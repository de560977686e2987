import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '~/auth/types';
import { notify } from '~/components/toasts/notify';
import { authValue, testUser } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { mailHint } from '../profile-form';
import { ProfilePage } from './profile-page';
import { AccountAccess, MICROSOFT_PASSWORD_PAGE } from './account-access';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(async () => 'toast'),
  prepareToasts: vi.fn(),
}));

/** A field of the form by its accessible name (the '*' is hidden from it). */
const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

const details: AuthUser = { ...testUser, birthday: null, dataNascimento: '01/02/1990' };
const calls: { url: string; body: Record<string, unknown> }[] = [];

/** What the account section is answered: where the person signs in, and a password change. */
const account = { signInEmail: 'maria@example.org', password: 'here' };
const passwordChanges: Record<string, unknown>[] = [];

function stubApi(fail = false) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/me/account') return Response.json(account);
    if (url === '/api/me/password') {
      const change = JSON.parse(String(init.body)) as Record<string, unknown>;
      passwordChanges.push(change);
      return change.current === 'minha senha de sempre'
        ? Response.json({ changed: true })
        : Response.json(
            {
              error: 'invalid_request',
              message: 'A senha atual não confere. Digite a senha com que você entra no site.',
              field: 'current',
            },
            { status: 400 },
          );
    }
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ url, body });
    if (fail && url !== '/api/user/details') return new Response('', { status: 503 });
    if (url === '/api/user/update')
      return Response.json({ data: { ...details, [String(body.param)]: body.value } });
    return Response.json({ data: details });
  });
}

async function loadProfile() {
  const auth = authValue({ status: 'signed-in' });
  renderWithRouter(<ProfilePage />, { url: '/perfil', auth });
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Carregar Dados' }));
  await screen.findByRole('form', { name: 'Atualização de Cadastro' });
  return auth;
}

beforeEach(() => {
  calls.length = 0;
  passwordChanges.length = 0;
  vi.mocked(notify).mockClear();
});

describe('ProfilePage', () => {
  it("shows the form only after 'Carregar Dados', filled with the person's details", async () => {
    stubApi();
    const auth = await loadProfile();
    expect(calls.map((c) => c.url)).toEqual(['/api/user/details']);
    expect(auth.setAuthUser).toHaveBeenCalledWith(expect.objectContaining(details));
    expect(field('Nome')).toHaveValue('Maria da Silva');
    expect(field('Data de nascimento')).toHaveValue('01/02/1990');
    expect(field('E-mail')).toHaveValue('maria@example.org');
    expect(field('E-mail')).toHaveAttribute('type', 'email');
    expect(field('Celular')).toHaveValue('+55 11 98765-4321');
    for (const label of ['Nome', 'Data de nascimento', 'E-mail', 'Celular']) {
      expect(field(label)).toBeRequired();
      expect(field(label).labels?.[0]).toHaveTextContent(`${label} *`);
    }
  });

  it("'Atualizar' sends only the changed field", async () => {
    stubApi();
    await loadProfile();
    const phone = field('Celular');
    await userEvent.clear(phone);
    await userEvent.type(phone, '(21) 99999-8888');
    await userEvent.tab();
    expect(phone).toHaveValue('+55 21 99999-8888');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Dados atualizados com sucesso!'),
    );
    expect(calls.slice(1)).toEqual([
      {
        url: '/api/user/update',
        body: { id: 'user-1', token: 'token', param: 'mobilePhone', value: '+55 21 99999-8888' },
      },
    ]);
  });

  it('sends a changed birth date through the security attributes', async () => {
    stubApi();
    await loadProfile();
    const date = field('Data de nascimento');
    await userEvent.clear(date);
    await userEvent.type(date, '25121990');
    await userEvent.tab();
    expect(date).toHaveValue('25/12/1990');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', expect.any(String)));
    expect(calls.slice(1)).toEqual([
      {
        url: '/api/user/update/security-attributes',
        body: { id: 'user-1', token: 'token', data_nascimento: '25/12/1990' },
      },
    ]);
  });

  it('tells the formats on leaving a badly typed phone or birth date', async () => {
    stubApi();
    await loadProfile();
    await userEvent.clear(field('Celular'));
    await userEvent.type(field('Celular'), '123');
    await userEvent.tab();
    expect(notify).toHaveBeenCalledWith('info', 'Digite o celular no formato (XX) XXXXX-XXXX');
    await userEvent.clear(field('Data de nascimento'));
    await userEvent.type(field('Data de nascimento'), '1/2/90');
    await userEvent.tab();
    expect(notify).toHaveBeenCalledWith(
      'info',
      'Digite a data de nascimento no formato DD/MM/AAAA!',
    );
  });

  it("gives empty required fields section 5's hints", async () => {
    stubApi();
    await loadProfile();
    const hints = {
      Nome: 'Preencha este campo com seu nome',
      'Data de nascimento': 'Preencha este campo com sua data de nascimento',
      'E-mail': 'Preencha este campo com seu e-mail',
      Celular: 'Preencha este campo com seu celular',
    };
    for (const [label, hint] of Object.entries(hints)) {
      const input = field(label);
      await userEvent.clear(input);
      input.checkValidity();
      expect(input.validationMessage).toBe(hint);
    }
  });

  it("shows 'Erro!' when saving fails", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    stubApi(true);
    await loadProfile();
    await userEvent.clear(field('Nome'));
    await userEvent.type(field('Nome'), 'Maria Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Erro!'));
    expect(console.error).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
  });

  it('tells a privileged administrator that the site cannot change their phone', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const message = 'O celular desta conta não pode ser alterado pelo site.';
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/user/details'
        ? Response.json({ data: details })
        : Response.json({ error: 'protected_account', message }, { status: 403 }),
    );
    await loadProfile();
    await userEvent.clear(field('Celular'));
    await userEvent.type(field('Celular'), '(21) 99999-8888');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', message));
    vi.mocked(console.error).mockClear();
  });

  it('says why a new e-mail was refused after too many changes', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const message =
      'Muitos pedidos de troca de e-mail. Por segurança, aguarde 42 minutos e tente novamente.';
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/user/details'
        ? Response.json({ data: details })
        : Response.json({ error: 'too_many_requests', message }, { status: 429 }),
    );
    await loadProfile();
    await userEvent.clear(field('E-mail'));
    await userEvent.type(field('E-mail'), 'outro@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', message));
    vi.mocked(console.error).mockClear();
  });
});

describe("'Acesso à conta'", () => {
  it('says which e-mail signs in, and changes the password only with the current one', async () => {
    stubApi();
    await loadProfile();
    const section = await screen.findByRole('region', { name: 'Acesso à conta' });
    expect(section).toHaveTextContent('Você entra no site com o e-mail maria@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    const current = screen.getByLabelText('Senha atual');
    const next = screen.getByLabelText('Nova senha');
    await userEvent.type(current, 'um palpite errado');
    await userEvent.type(next, 'minha frase nova de agora');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    // The refusal beside the field it is about.
    expect(await screen.findByRole('alert')).toHaveTextContent('A senha atual não confere.');
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(current);
    await userEvent.type(current, 'minha senha de sempre');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Senha alterada.');
    expect(passwordChanges.at(-1)).toEqual({
      current: 'minha senha de sempre',
      password: 'minha frase nova de agora',
    });
  });
});

describe("'Acesso à conta' with Microsoft Entra ID", () => {
  it("links a workforce account to Microsoft's page, and asks no password here", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ signInEmail: null, password: 'microsoft' }));
    renderWithRouter(
      <AccountAccess settings={{ authority: 'https://login.microsoftonline.com/centro' }} />,
      { url: '/perfil', auth: authValue({ status: 'signed-in' }) },
    );
    const link = await screen.findByRole('link', { name: /página da Microsoft/ });
    expect(link).toHaveAttribute('href', MICROSOFT_PASSWORD_PAGE);
    expect(screen.queryByRole('button', { name: 'Alterar senha' })).not.toBeInTheDocument();
  });
});

describe("the hint under 'E-mail'", () => {
  const TENANT = '5b0c2f4e-8a1d-4c3b-9e7f-2a6d1c8b4e90';

  it('says it is the contact address, and where the sign-in name stays, per tenant kind', () => {
    const contact = 'É o e-mail em que o centro envia avisos e a confirmação das inscrições.';
    const builtIn = mailHint({ protocolMode: 'OIDC', authority: null });
    const externalId = mailHint({
      protocolMode: 'AAD',
      authority: `https://centro.ciamlogin.com/${TENANT}`,
    });
    const workforce = mailHint({
      protocolMode: 'AAD',
      authority: `https://login.microsoftonline.com/${TENANT}`,
    });
    for (const hint of [builtIn, externalId, workforce]) expect(hint).toContain(contact);
    // With the built-in provider the proven new address is the sign-in address too.
    expect(builtIn).toContain('é com ele que você entra no site');
    expect(externalId).toContain('O e-mail com que você entra no site não muda aqui.');
    expect(workforce).toContain('o usuário da sua conta da organização');
    // Entra keeps `mail` in ASCII.
    expect(externalId).toContain('sem acentos');
    expect(workforce).toContain('sem acentos');
  });
});
