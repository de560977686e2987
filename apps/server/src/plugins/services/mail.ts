/**
 * Mail: messages are written to the outbox with their cause; this instance's sender delivers them
 * (SMTP_URL, or .eml files under DATA_DIR/outbox) from when the server is ready, and stops before
 * the database closes. A message kept as data (the enrolment's confirmation) is composed at
 * delivery (decision 033). With the built-in provider and EMAIL_VERIFICATION=required, a new
 * contact e-mail waits for its confirmation (`contactEmail`).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { ContactEmailChanges } from '../../idp/store/contact-email-changes.js';
import { checkInTokenReader } from '../../check-in/check-in-tokens.js';
import { enrolmentConfirmationComposer } from '../../enrolment/confirmation-mail.js';
import { noticeComposer } from '../../enrolment/notices.js';
import { createMail } from '../../mail/mail.js';
import { messageCentre } from '../../mail/compose.js';
import { packagedContact } from '../../content/documents.js';
import type { RequestActivity } from '../../request-activity.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface MailPluginOptions {
  config: Pick<Config, 'mail' | 'siteUrl'>;
  embedded: EmbeddedProviderSetup | null;
  /** Requests begun so far: the sender gives way to them during a rush (decision 033). */
  activity: RequestActivity;
}

export const mailService = fp<MailPluginOptions>(
  async (app, { config, embedded, activity }) => {
    const { database, directory, courseOf } = app;
    // The contact details published now (decision 073). The content service is registered after
    // the mail (it needs the enrolment, which needs the mail), so it is read at each composition:
    // messages are composed while the server answers requests or delivers, once it is ready.
    const centre = () =>
      messageCentre(app.hasDecorator('content') ? app.content.content().contact : packagedContact);
    const mail = createMail({
      database,
      settings: config.mail,
      log: app.log,
      activity,
      centre,
      compose: noticeComposer({
        directory,
        courseOf,
        siteUrl: config.siteUrl,
        log: app.log,
        centre,
        confirmation: enrolmentConfirmationComposer({
          directory,
          courseOf,
          siteUrl: config.siteUrl,
          log: app.log,
          centre,
          checkInToken: checkInTokenReader(database.db),
        }),
      }),
    });
    app.decorate('mail', mail);
    app.addHook('onReady', () => mail.start());
    app.decorate(
      'contactEmail',
      embedded?.verifiedEmailRequired
        ? new ContactEmailChanges(database.db, mail, config.siteUrl)
        : null,
    );
    app.addHook('onClose', () => mail.stop());
  },
  { name: 'mail', dependencies: ['database', 'directory', 'courses'] },
);
