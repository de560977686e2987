/**
 * An interaction's first page, by what the provider asks for: sign in (`login`), create an account
 * (`create`) or consent (granted here: the website is our own client); and 'Cancelar e voltar ao
 * site', which ends the interaction with `access_denied`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { signInPage, signUpPage } from '../views/sign-in-pages.js';
import {
  formRoute,
  INTERACTION_ROUTE,
  loginHint,
  type Interaction,
  type InteractionPages,
  type UidParams,
} from './interaction-pages.js';

export interface PromptRoutesOptions {
  pages: InteractionPages;
  provider: Provider;
}

export const promptRoutes: FastifyPluginAsync<PromptRoutesOptions> = async (
  app,
  { pages, provider },
) => {
  /** A consent prompt (only if the implied grant did not cover a request): grant what is asked. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { accountId } = interaction.session ?? {};
    const clientId = interaction.params.client_id;
    if (!accountId || typeof clientId !== 'string') return pages.sendExpired(reply);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) return pages.sendExpired(reply);
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return pages.finish(request, reply, { consent: { grantId } });
  }

  app.get<{ Params: UidParams }>(INTERACTION_ROUTE, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    switch (interaction.prompt.name) {
      case 'create':
        return pages.show(reply, interaction, signUpPage, {});
      case 'login':
        return pages.show(reply, interaction, signInPage, { email: loginHint(interaction) });
      case 'consent':
        return consent(request, reply, interaction);
      default:
        return pages.sendExpired(reply);
    }
  });

  app.post<{ Params: UidParams }>(
    `${INTERACTION_ROUTE}/cancelar`,
    formRoute,
    async (request, reply) => {
      const interaction = await pages.load(request, reply);
      if (!interaction) return pages.sendExpired(reply);
      return pages.finish(
        request,
        reply,
        { error: 'access_denied', error_description: 'cancelled by the user' },
        false,
      );
    },
  );
};
