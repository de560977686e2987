import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { ContactPanel } from './contact-panel';

const details = (whatsapp: string) => ({
  address: {
    street: 'Rua da Esperança, 123',
    district: 'Jardim das Flores',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01000-000',
  },
  whatsapp,
  email: 'contato@exemplo.org.br',
  mapEmbedUrl: 'https://www.google.com/maps?q=x&output=embed',
  mapTitle: 'Mapa do centro',
});
const revision = (n: number, whatsapp: string) => ({
  revision: n,
  savedAt: n === 0 ? null : `2026-11-2${n}T12:00:00.000Z`,
  savedBy: n === 0 ? null : 'Ana',
  contact: details(whatsapp),
});

/** The contact API at revision 1; `put` answers a save. */
function stubApi(put: () => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (url === '/api/staff/content/contact' && method === 'GET') {
      return Response.json(revision(1, '5521987654321'));
    }
    if (url === '/api/staff/content/contact' && method === 'PUT') return put();
    if (url === '/api/staff/content/contact/history') {
      return Response.json({
        revisions: [revision(1, '5521987654321'), revision(0, '5511900000000')],
      });
    }
    if (url === '/api/staff/content/contact/restore') {
      return Response.json(revision(2, '5511900000000'));
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

describe('the contact details', () => {
  it('says beside each field what is wrong, and sends nothing', async () => {
    const calls = stubApi(() => Response.json({}));
    renderWithRouter(<ContactPanel />, { url: '/equipe', auth: signedIn() });
    const whatsapp = await screen.findByLabelText('WhatsApp');
    await userEvent.clear(whatsapp);
    await userEvent.type(whatsapp, '1234');
    const map = screen.getByLabelText('Mapa do Google Maps');
    await userEvent.clear(map);
    await userEvent.type(map, 'https://evil.example/maps/embed');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar contato' }));
    expect(whatsapp).toHaveAccessibleDescription(
      'WhatsApp: informe DDD e número, como (11) 91234-5678.',
    );
    expect(map).toHaveAccessibleDescription(
      expect.stringContaining('Mapa: cole o endereço de um mapa'),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('moves the map with a new address, in plain words and with a preview', async () => {
    const calls = stubApi(() => Response.json(revision(2, '5521987654321')));
    renderWithRouter(<ContactPanel />, { url: '/equipe', auth: signedIn() });
    const street = await screen.findByLabelText('Endereço (rua e número)');
    expect(screen.queryByText(/incorporação/)).toBeNull();
    await userEvent.clear(street);
    await userEvent.type(street, 'Avenida Nova, 500');
    const map = screen.getByLabelText('Mapa do Google Maps');
    expect(map).toHaveValue(
      `https://www.google.com/maps?q=${encodeURIComponent('Avenida Nova, 500 - Jardim das Flores, São Paulo - SP, 01000-000')}&output=embed`,
    );
    // The preview loads Google's map only when asked (the e2e opens it).
    expect(screen.getByRole('button', { name: 'Ver a prévia do mapa' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publicar contato' }));
    const sent = calls.find((c) => c.method === 'PUT')?.body as {
      contact: { mapEmbedUrl: string };
    };
    expect(sent.contact.mapEmbedUrl).toContain('Avenida%20Nova%2C%20500');
  });

  it('sends the number as typed, and keeps it on screen when someone else saved first', async () => {
    const message = 'Outra pessoa alterou esta página enquanto você editava.';
    const calls = stubApi(() =>
      Response.json({ error: 'content_stale', message }, { status: 409 }),
    );
    renderWithRouter(<ContactPanel />, { url: '/equipe', auth: signedIn() });
    const whatsapp = await screen.findByLabelText('WhatsApp');
    await userEvent.clear(whatsapp);
    await userEvent.type(whatsapp, '(31) 3222-1111');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar contato' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(whatsapp).toHaveValue('(31) 3222-1111');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      revision: 1,
      contact: details('(31) 3222-1111'),
    });
  });

  it('lists the versions with before and after, and restores the original', async () => {
    const calls = stubApi(() => Response.json({}));
    renderWithRouter(<ContactPanel />, { url: '/equipe', auth: signedIn() });
    const versions = await screen.findByRole('region', { name: 'Versões anteriores do contato' });
    const items = await within(versions).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Versão 1 (publicada): por Ana em 21/11/2026');
    expect(items[0]).toHaveTextContent(
      'WhatsApp[removido: 5511900000000] [incluído: 5521987654321]',
    );
    expect(items[1]).toHaveTextContent('Contato original do site.');
    await userEvent.click(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Restaurar esta versão' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar restauração' }));
    expect(calls.find((c) => c.url === '/api/staff/content/contact/restore')?.body).toEqual({
      revision: 1,
      restore: 0,
    });
    expect(await screen.findByLabelText('WhatsApp')).toHaveValue('5511900000000');
  });
});
