/** 'Enviar mensagem à turma': problems beside their field, the send and the daily limit's refusal. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authValue } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { ClassMessageForm } from './class-message-form';

const signedIn = () =>
  authValue({
    status: 'signed-in',
    getUser: vi.fn(async () => ({
      user: { id: 'me', displayName: 'Eu', mail: null, mobilePhone: null, birthday: null },
      token: 'staff-token',
    })),
  });

function render(answers: Response[]) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    posts.push({ url, body: JSON.parse(String(init.body)) });
    return answers.shift() ?? Response.json({}, { status: 500 });
  });
  renderWithRouter(<ClassMessageForm slug="passe" classId="c-1" className="Turma 2027/1" />, {
    url: '/equipe',
    auth: signedIn(),
  });
  return posts;
}

describe('ClassMessageForm', () => {
  it('says what is missing beside its field, sends, and says to how many people', async () => {
    const posts = render([Response.json({ recipients: 12, left: 2 })]);
    const user = userEvent.setup();
    expect(
      screen.getByRole('heading', { name: 'Enviar mensagem à turma Turma 2027/1' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.getByLabelText('Assunto')).toHaveAccessibleDescription(/Escreva o assunto\./);
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText('Assunto'), 'Sala nova');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.getByLabelText('Mensagem')).toHaveAccessibleDescription(/Escreva a mensagem\./);

    await user.type(screen.getByLabelText('Mensagem'), 'Amanhã na sala 2.');
    await user.click(screen.getByLabelText('Enviar também para a lista de espera'));
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Mensagem enviada para 12 pessoas. Esta turma ainda pode receber 2 mensagens nas próximas 24 horas.',
    );
    expect(posts).toEqual([
      {
        url: '/api/staff/courses/passe/classes/c-1/messages',
        body: { subject: 'Sala nova', text: 'Amanhã na sala 2.', waitingList: true },
      },
    ]);
    expect(screen.getByLabelText('Assunto')).toHaveValue('');
  });

  it("shows the server's refusal: the daily limit above the button, a field's beside it", async () => {
    const limit =
      'Esta turma já recebeu 3 mensagens nas últimas 24 horas. A próxima poderá ser enviada a partir de 11/03/2027 às 09h00.';
    render([
      Response.json({ error: 'too_many_requests', message: limit }, { status: 429 }),
      Response.json(
        {
          error: 'invalid_request',
          message: 'Mensagem: use no máximo 5000 caracteres.',
          field: 'text',
        },
        { status: 400 },
      ),
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Assunto'), 'Quarta');
    await user.type(screen.getByLabelText('Mensagem'), 'd');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(screen.getByLabelText('Assunto')).toHaveValue('Quarta');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mensagem: use no máximo 5000');
    expect(screen.getByLabelText('Mensagem')).toHaveAccessibleDescription(/no máximo 5000/);
  });
});
