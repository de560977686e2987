/**
 * 'Criar conta' (/idp/interaction/:uid/criar-conta), limited per client address (fake accounts
 * could take every place: decision 018). Where e-mail verification is required, every address
 * gets the same code page (no stranger learns which have accounts), and what differs is the
 * e-mail: a new account's code; for an account not confirmed yet, a code too, whose typing gives
 * the account what this sign-up typed (decision 084); for a confirmed one, a notice to its owner.
 * Without verification, a taken address is said on the form and a new account is signed in at once.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { EmailTakenError, type AccountRow, type AccountStore } from '../store/accounts.js';
import { renewalOf, type SignUps } from '../store/sign-ups.js';
import type { LoginThrottle } from '../store/throttle.js';
import { waitMinutes } from '../../refusals/catalogue.js';
import { signUpPage } from '../views/sign-in-pages.js';
import { readForm, signUpFields, signUpMessages, validateSignUp } from './form-validation.js';
import {
  formRoute,
  INTERACTION_ROUTE,
  type Interaction,
  type InteractionPages,
  type UidParams,
} from './interaction-pages.js';

export interface SignUpRoutesOptions {
  pages: InteractionPages;
  accounts: AccountStore;
  throttle: LoginThrottle;
  signUps: SignUps;
  /** `required`: an account signs in only once its e-mail is confirmed with a code. */
  emailVerification: 'required' | 'off';
  /** Accounts created from one client address in 15 minutes (IDP_SIGN_UPS_PER_ADDRESS). */
  signUpsPerAddress: number;
}

export const signUpRoutes: FastifyPluginAsync<SignUpRoutesOptions> = async (app, options) => {
  const { pages, accounts, throttle, signUps } = options;
  const path = `${INTERACTION_ROUTE}/criar-conta`;

  /**
   * The same code page as a new account's. A confirmed owner is told (at most once an hour) and no
   * code opens the page; an unconfirmed account gets a code, and this sign-up's details wait in
   * the interaction for it (`created`: the row this sign-up would have written).
   */
  async function signUpTaken(
    reply: FastifyReply,
    interaction: Interaction,
    owner: AccountRow,
    created: AccountRow,
  ) {
    if (owner.email_verified_at) {
      await signUps.tellOwner(owner);
      return pages.toCodePage(reply, interaction, {
        pendingEmail: owner.email,
        sentAt: Date.now(),
      });
    }
    await signUps.resumeUnconfirmed(owner);
    return pages.toCodePage(reply, interaction, {
      pendingVerification: owner.id,
      renewal: renewalOf(created),
    });
  }

  app.get<{ Params: UidParams }>(path, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    return pages.show(reply, interaction, signUpPage, {});
  });

  app.post<{ Params: UidParams }>(path, formRoute, async (request, reply) => {
    const interaction = await pages.load(request, reply);
    if (!interaction) return pages.sendExpired(reply);
    const form = readForm(request.body, signUpFields);
    const values = {
      nome: form.nome,
      email: form.email,
      celular: form.celular,
      nascimento: form.nascimento,
      consentimento: form.consentimento,
    };
    const checked = validateSignUp(form);
    if (!checked.ok) {
      return pages.show(reply, interaction, signUpPage, { values, errors: checked.errors }, 400);
    }
    const taken = () => {
      const errors = { email: signUpMessages.emailTaken };
      return pages.show(reply, interaction, signUpPage, { values, errors, emailTaken: true }, 400);
    };
    const admission = await throttle.admitSignUp(request.ip, options.signUpsPerAddress);
    if (!admission.allowed) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      request.log.info('sign-up refused: too many accounts from this address');
      const formError = `Muitas contas foram criadas a partir desta rede. Aguarde ${waitMinutes(admission.retryAfterSeconds)} e tente novamente.`;
      return pages.show(reply, interaction, signUpPage, { values, formError }, 429);
    }
    if (options.emailVerification === 'required') {
      // Hashed whatever happens next: an address with an account takes as long as a new one.
      const created = await accounts.newRow(checked.value);
      const owner = await accounts.findByEmail(checked.value.email);
      if (owner) {
        request.log.info('sign-up with an address that has an account: told by e-mail');
        return signUpTaken(reply, interaction, owner, created);
      }
      try {
        await signUps.createUnverified(created);
      } catch (error) {
        // Created in the meantime by a concurrent sign-up: the same answer as above.
        if (error instanceof EmailTakenError) {
          const raced = await accounts.findByEmail(checked.value.email);
          if (raced) return signUpTaken(reply, interaction, raced, created);
        }
        throw error;
      }
      request.log.info({ accountId: created.id }, 'account created, e-mail to confirm');
      return pages.toCodePage(reply, interaction, { pendingVerification: created.id });
    }
    // Without e-mail verification there is no other way to say it (README: EMAIL_VERIFICATION).
    if (await accounts.findByEmail(checked.value.email)) return taken();
    let account: AccountRow;
    try {
      account = await accounts.create(checked.value);
    } catch (error) {
      if (error instanceof EmailTakenError) return taken();
      throw error;
    }
    request.log.info({ accountId: account.id }, 'account created');
    return pages.signedIn(request, reply, account);
  });
};
