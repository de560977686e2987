/**
 * Enrolment: the content's courses synchronised into the database, interrupted enrolments settled
 * with the directory now and every ENROLMENT_REPAIR_AFTER_SECONDS. Each confirmation writes its
 * e-mail (as data) in the transaction that confirms it. 'Avise-me quando abrir' sends its e-mails
 * from when the server is ready (every 30 s, once across instances), and so does the reminder two
 * days before a class's first meeting (every CLASS_REMINDERS_EVERY_SECONDS, once per class).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { allCourses } from '@centro/content';
import { createPrerequisiteStore } from '../../classes/prerequisite-store.js';
import { requirePrerequisites } from '../../classes/prerequisite-check.js';
import { contentCourses } from '../../courses/course-store.js';
import { createEnrolmentRepository } from '../../enrolment/repository.js';
import { EnrolmentService } from '../../enrolment/service.js';
import { createEnrolmentUpkeep } from '../../enrolment/upkeep.js';
import { requireVerifiedAccount } from '../../enrolment/verified-email.js';
import { enrolmentConfirmationMail } from '../../enrolment/confirmation-mail.js';
import { enrolmentNotices } from '../../enrolment/notices.js';
import { createOpeningAlerts } from '../../enrolment/opening-alerts.js';
import { createClassReminders } from '../../enrolment/class-reminders.js';
import type { EmbeddedProviderSetup } from './embedded-provider.js';

export interface EnrolmentPluginOptions {
  config: Pick<
    Config,
    'enrolmentRepairAfterSeconds' | 'classRemindersEverySeconds' | 'retentionMonthsAfterCourse'
  >;
  embedded: EmbeddedProviderSetup | null;
}

export const enrolmentService = fp<EnrolmentPluginOptions>(
  async (app, { config, embedded }) => {
    const { database, directory, mail } = app;
    const enrolment = new EnrolmentService({
      repository: createEnrolmentRepository(database),
      directory,
      log: app.log,
      // The content's prerequisites, or Coordenação's (decision 061).
      requirePrerequisites: requirePrerequisites(
        createPrerequisiteStore(database.db),
        allCourses(),
      ),
      confirmationMail: enrolmentConfirmationMail({ mail }),
      notices: enrolmentNotices({ mail }),
      // The built-in provider's accounts confirm their e-mail before enrolling, when required.
      ...(embedded?.verifiedEmailRequired
        ? { requireVerifiedEmail: requireVerifiedAccount(database.db) }
        : {}),
    });
    await enrolment.syncCourses(contentCourses());
    const upkeep = createEnrolmentUpkeep({
      service: enrolment,
      database,
      directory,
      log: app.log,
      repairAfterMs: config.enrolmentRepairAfterSeconds * 1000,
      retentionMonths: config.retentionMonthsAfterCourse,
    });
    await upkeep.start();
    app.decorate('enrolment', enrolment);
    app.addHook('onClose', () => upkeep.stop());
    const openingAlerts = createOpeningAlerts({ database, mail, log: app.log });
    app.decorate('openingAlerts', openingAlerts);
    app.addHook('onReady', () => openingAlerts.start());
    app.addHook('onClose', () => openingAlerts.stop());
    const classReminders = createClassReminders({
      database,
      mail,
      log: app.log,
      intervalMs: config.classRemindersEverySeconds * 1000,
    });
    app.decorate('classReminders', classReminders);
    app.addHook('onReady', () => classReminders.start());
    app.addHook('onClose', () => classReminders.stop());
  },
  { name: 'enrolment', dependencies: ['database', 'directory', 'mail'] },
);
