import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { TextsPanel } from './texts-panel';

const revision = (n: number, introduction: string) => ({
  revision: n,
  savedAt: `2026-11-2${n}T12:00:00.000Z`,
  savedBy: n === 1 ? 'Ana' : 'Bia',
  texts: { introduction },
});

/** The texts API: the home page at revision 2, its two versions; `put` answers a save. */
function stubApi(put: () => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (url === '/api/staff/content/texts?document=home' && method === 'GET') {
      return Response.json({ ...revision(2, 'Segunda.'), document: 'home' });
    }
    if (url === '/api/staff/content/texts' && method === 'PUT') return put();
    if (url === '/api/staff/content/history?document=home') {
      return Response.json({
        document: 'home',
        revisions: [
          revision(2, 'Segunda.'),
          revision(1, 'Primeira.'),
          { revision: 0, savedAt: null, savedBy: null, texts: { introduction: 'Original.' } },
        ],
      });
    }
    if (url === '/api/staff/content/preview') {
      return Response.json({ html: '<!DOCTYPE html><p>Prévia</p>' });
    }
    if (url === '/api/staff/content/restore') {
      return Response.json({ ...revision(3, 'Primeira.'), document: 'home' });
    }
    return Response.json({ error: 'forbidden', message: 'Proibido.' }, { status: 403 });
  });
  return calls;
}

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

describe('the pages’ texts', () => {
  it('says beside the field that a link is not allowed, and sends nothing', async () => {
    const calls = stubApi(() => Response.json({}));
    renderWithRouter(<TextsPanel />, { url: '/equipe', auth: signedIn() });
    const text = await screen.findByLabelText('Apresentação');
    await userEvent.clear(text);
    await userEvent.type(text, 'Veja [[isto]](javascript:alert(1))');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar textos' }));
    expect(text).toHaveAccessibleDescription(
      'Apresentação: o link javascript:alert(1 não é permitido; use https:, mailto:, tel: ou uma página do site (/...).',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the text on screen when someone else saved first', async () => {
    const message = 'Outra pessoa alterou esta página enquanto você editava.';
    const calls = stubApi(() =>
      Response.json({ error: 'content_stale', message }, { status: 409 }),
    );
    renderWithRouter(<TextsPanel />, { url: '/equipe', auth: signedIn() });
    const text = await screen.findByLabelText('Apresentação');
    await userEvent.clear(text);
    await userEvent.type(text, 'Meu texto **novo**.');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar textos' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(text).toHaveValue('Meu texto **novo**.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      document: 'home',
      revision: 2,
      texts: { introduction: 'Meu texto **novo**.' },
    });
  });

  it('lists the versions with the words each changed, and restores one once asked', async () => {
    const calls = stubApi(() => Response.json({}));
    renderWithRouter(<TextsPanel />, { url: '/equipe', auth: signedIn() });
    const versions = await screen.findByRole('region', { name: 'Versões anteriores' });
    const items = await within(versions).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Versão 2 (publicada): por Bia em 22/11/2026');
    // The words removed and added, marked as such, not both versions in full.
    expect(items[0]).toHaveTextContent('[removido: Primeira.] [incluído: Segunda.]');
    expect(
      within(items[0] as HTMLElement)
        .getByText('Segunda.')
        .closest('ins'),
    ).not.toBeNull();
    expect(
      within(items[0] as HTMLElement)
        .getByText('Primeira.')
        .closest('del'),
    ).not.toBeNull();
    expect(items[1]).toHaveTextContent('[removido: Original.] [incluído: Primeira.]');
    expect(items[2]).toHaveTextContent('Texto original do site.');
    const restoreButton = { name: 'Restaurar esta versão' };
    expect(within(items[2] as HTMLElement).getByRole('button', restoreButton)).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button', restoreButton)).toBeNull();
    await userEvent.click(within(items[1] as HTMLElement).getByRole('button', restoreButton));
    // Restoring asks first: nothing is sent until it is confirmed.
    const dialog = within(items[1] as HTMLElement).getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Restaurar a versão 1?');
    expect(calls.some((c) => c.url === '/api/staff/content/restore')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar restauração' }));
    expect(calls.find((c) => c.url === '/api/staff/content/restore')?.body).toEqual({
      document: 'home',
      revision: 2,
      restore: 1,
    });
    expect(await screen.findByLabelText('Apresentação')).toHaveValue('Primeira.');
  });

  it('opens the page with the texts on screen in a new tab, publishing nothing', async () => {
    const calls = stubApi(() => Response.json({}));
    const written: string[] = [];
    const view = {
      document: { open: vi.fn(), write: (html: string) => written.push(html), close: vi.fn() },
      close: vi.fn(),
    };
    vi.stubGlobal(
      'open',
      vi.fn(() => view),
    );
    renderWithRouter(<TextsPanel />, { url: '/equipe', auth: signedIn() });
    const text = await screen.findByLabelText('Apresentação');
    await userEvent.clear(text);
    await userEvent.type(text, 'Rascunho.');
    await userEvent.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    await vi.waitFor(() => expect(written).toEqual(['<!DOCTYPE html><p>Prévia</p>']));
    expect(calls.find((c) => c.url === '/api/staff/content/preview')?.body).toEqual({
      document: 'home',
      texts: { introduction: 'Rascunho.' },
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
