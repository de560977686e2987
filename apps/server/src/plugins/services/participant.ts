/**
 * The participant's own space: places and waiting positions through the enrolment; the account is
 * deleted with the data only when it is the built-in provider's (Entra's stays in the tenant).
 */
import fp from 'fastify-plugin';
import { createParticipantRepository } from '../../participant/repository.js';
import { ParticipantService } from '../../participant/service.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface ParticipantPluginOptions {
  embedded: EmbeddedProviderSetup | null;
  /** The site's public origin, for the addresses that check certificates. */
  siteUrl: string;
}

export const participantService = fp<ParticipantPluginOptions>(
  async (app, { embedded, siteUrl }) => {
    const { database, directory, enrolment, mail, tokenRevocations } = app;
    app.decorate(
      'participant',
      new ParticipantService({
        repository: createParticipantRepository(database),
        enrolment,
        directory,
        accounts: embedded && directory.kind === 'local' ? 'embedded' : 'tenant',
        mail,
        revocations: tokenRevocations,
        siteUrl,
        // The built-in provider always says when the person signed in; Entra may not.
        recentSignIn: embedded ? 'required' : 'when-known',
      }),
    );
  },
  { name: 'participant', dependencies: ['database', 'directory', 'enrolment', 'mail', 'auth'] },
);
