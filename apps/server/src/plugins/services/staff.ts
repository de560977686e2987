/**
 * The staff area: roles from the database and ADMIN_EMAILS (built-in provider) or the token's roles
 * (Entra); removals and settings go through the enrolment (the waiting list moves).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { staffNotices } from '../../enrolment/notices.js';
import { startStaff } from '../../staff/start.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface StaffServiceOptions {
  config: Pick<Config, 'adminEmails' | 'retentionMonthsAfterCourse'>;
  embedded: EmbeddedProviderSetup | null;
}

export const staffService = fp<StaffServiceOptions>(
  async (app, { config, embedded }) => {
    const { database, directory, enrolment, mail } = app;
    const staff = await startStaff({
      database,
      directory,
      log: app.log,
      identityProvider: embedded ? 'embedded' : 'entra',
      // Only a proven address is Coordenação, verification off too (decision 046).
      adminEmails: config.adminEmails,
      enrolment,
      mail,
      notices: staffNotices({ database, mail }),
      // As the enrolment's retention: a class's dates may not put it past it already.
      retentionMonths: config.retentionMonthsAfterCourse,
    });
    app.decorate('staff', staff.service);
    if (embedded && !embedded.verifiedEmailRequired && config.adminEmails.length > 0) {
      app.log.warn(
        'ADMIN_EMAILS with EMAIL_VERIFICATION=off: an address there is Coordenação only once its owner proves it with "Esqueci minha senha" (without SMTP_URL the link is a .eml file in DATA_DIR/outbox)',
      );
    }
  },
  { name: 'staff', dependencies: ['database', 'directory', 'enrolment', 'mail'] },
);
