/**
 * The link that confirms a new contact address (/idp/confirmar-contato?token=...): a page with a button, since mail scanners open links; the address changes only
 * when its owner presses it.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CONTACT_CONFIRM_PATH, type ContactEmailChanges } from '../store/contact-email-changes.js';
import { confirmContactPage } from '../views/password-reset-pages.js';
import { formValue, readForm } from './form-validation.js';
import { formRoute, type InteractionPages } from './interaction-pages.js';

export interface ContactEmailRoutesOptions {
  pages: InteractionPages;
  contactEmail: ContactEmailChanges;
}

export const contactEmailRoutes: FastifyPluginAsync<ContactEmailRoutesOptions> = async (
  app,
  { pages, contactEmail },
) => {
  const { site } = pages;

  const linkGone = (reply: FastifyReply) =>
    pages.sendMessage(
      reply,
      'Este link não vale mais',
      [
        'O link para confirmar o novo e-mail expirou ou já foi usado.',
        'Se ainda quiser trocar o e-mail, altere-o de novo no seu perfil: enviaremos outro link.',
      ],
      400,
    );

  app.get<{ Querystring: { token?: unknown } }>(CONTACT_CONFIRM_PATH, async (request, reply) => {
    const token = formValue(request.query, 'token');
    const email = await contactEmail.pendingFor(token);
    if (!email) return linkGone(reply);
    reply.header('referrer-policy', 'no-referrer');
    return pages.sendHtml(
      reply,
      confirmContactPage({ site, action: CONTACT_CONFIRM_PATH, token, email }),
    );
  });

  app.post(CONTACT_CONFIRM_PATH, formRoute, async (request, reply) => {
    const { token } = readForm(request.body, ['token'] as const);
    const email = await contactEmail.pendingFor(token);
    const confirmed = await contactEmail.confirm(token);
    if (!confirmed || email === undefined) return linkGone(reply);
    request.log.info({ signIn: confirmed === 'sign-in' }, 'contact e-mail confirmed');
    // Which address signs in, said plainly (decision 078).
    return pages.sendMessage(
      reply,
      'E-mail confirmado',
      confirmed === 'sign-in'
        ? [
            `Pronto! ${email} é agora o e-mail da sua conta: o de contato e o que você usa para entrar no site.`,
            'Da próxima vez, entre com este e-mail e a sua senha de sempre. Se esquecer a senha, peça um novo link em "Esqueci minha senha" com este e-mail.',
          ]
        : [
            'Pronto! Este é agora o e-mail de contato da sua conta.',
            'Para entrar no site, continue usando o e-mail com que você entrava antes; você o vê em Perfil.',
          ],
    );
  });
};
