import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '~/components/toasts/notify';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { MyEnrolments } from './my-enrolments';

vi.mock('~/components/toasts/notify', () => ({
  notify: vi.fn(async () => 'toast'),
  prepareToasts: vi.fn(),
}));

const past = (course: string, title: string, state: string, turma: string) => ({
  course,
  title,
  programme: 'global-kardec',
  state,
  position: null,
  since: '2027-05-08T22:00:00.000Z',
  nextMeeting: null,
  whatsappUrl: null,
  turma: { id: turma, name: 'Turma 2027/1' },
  meetings: null,
});

/** Two past classes, one completed; the certificate's URL answers `pdf`. */
function stubApi(pdf: Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.startsWith('/api/me/certificates/')) return pdf.clone();
    return Response.json({
      enrolments: [
        past('conheca-o-espiritismo', 'Conheça o Espiritismo', 'concluded', 'turma-a'),
        past('passe', 'Passe', 'not-concluded', 'turma-b'),
      ],
    });
  });
  return asked;
}

describe("'Minhas inscrições'", () => {
  it('offers the certificate of a completed class only, and downloads it with the token', async () => {
    const asked = stubApi(
      new Response('%PDF-1.3', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="certificado-conheca.pdf"',
        },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:certificado');
    URL.revokeObjectURL = vi.fn();
    renderWithRouter(<MyEnrolments />, {
      url: '/perfil',
      path: '*',
      auth: authValue({ status: 'signed-in' }),
    });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Turma 2027/1: Concluído')).toBeVisible();
    const button = screen.getByRole('button', {
      name: 'Baixar certificado (PDF): Conheça o Espiritismo',
    });
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(asked).toContain('/api/me/certificates/turma-a'));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it("says the server's sentence when the certificate is refused", async () => {
    stubApi(
      Response.json(
        {
          error: 'not_found',
          message:
            'Você não tem certificado de conclusão desta turma: ele existe só para quem concluiu o curso.',
        },
        { status: 404 },
      ),
    );
    renderWithRouter(<MyEnrolments />, {
      url: '/perfil',
      path: '*',
      auth: authValue({ status: 'signed-in' }),
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Baixar certificado (PDF): Conheça o Espiritismo',
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Você não tem certificado de conclusão desta turma: ele existe só para quem concluiu o curso.',
      ),
    );
  });
});
