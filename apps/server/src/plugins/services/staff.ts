/**
 * The staff area: roles from the database and ADMIN_EMAILS (built-in provider) or the token's roles
 * (Entra), and the record of staff actions. The wiring of every service (decision 100).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { createClassStore } from '../../classes/class-store.js';
import { staffNotices } from '../../enrolment/notices.js';
import { createStaffRepository } from '../../staff/repository.js';
import { StaffService } from '../../staff/service.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface StaffPluginOptions {
  config: Pick<Config, 'adminEmails'>;
  embedded: EmbeddedProviderSetup | null;
}

export const staffService = fp<StaffPluginOptions>(
  async (app, { config, embedded }) => {
    const { database, directory, mail } = app;
    const staff = new StaffService({
      repository: createStaffRepository(database.db),
      classes: createClassStore(database.db),
      directory,
      log: app.log,
      identityProvider: embedded ? 'embedded' : 'entra',
      // Only a proven address is Coordenação, verification off too (decision 046).
      adminEmails: config.adminEmails,
      notices: staffNotices({ database, mail }),
    });
    app.decorate('staff', staff);
    if (embedded && !embedded.verifiedEmailRequired && config.adminEmails.length > 0) {
      app.log.warn(
        'ADMIN_EMAILS with EMAIL_VERIFICATION=off: an address there is Coordenação only once its owner proves it with "Esqueci minha senha" (without SMTP_URL the link is a .eml file in DATA_DIR/outbox)',
      );
    }
  },
  { name: 'staff', dependencies: ['database', 'directory', 'mail'] },
);
