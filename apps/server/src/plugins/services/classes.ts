/**
 * The classes module: a course's classes, their people and attendance, prerequisites and
 * completions, for the staff area. Removals, moves and settings go through the enrolment (the
 * waiting list moves); every view and change is written to the staff's record.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/index.js';
import { createClassMessageStore } from '../../classes/class-message-store.js';
import { createClassStore } from '../../classes/class-store.js';
import { createCompletionStore } from '../../classes/completion-store.js';
import { createNextTermStore } from '../../classes/next-term-store.js';
import { createPrerequisiteStore } from '../../classes/prerequisite-store.js';
import { createRecessStore } from '../../classes/recess-store.js';
import { createRosterStore } from '../../classes/roster-store.js';
import {
  ClassService,
  createClassContext,
  PrerequisiteService,
  RosterService,
} from '../../classes/service.js';
import { createCourseStore } from '../../courses/course-store.js';
import { createDeskStore } from '../../desk/desk-store.js';
import { staffNotices } from '../../enrolment/notices.js';

export interface ClassesPluginOptions {
  config: Pick<Config, 'retentionMonthsAfterCourse'>;
}

export const classesService = fp<ClassesPluginOptions>(
  async (app, { config }) => {
    const { database, directory, enrolment, mail, staff } = app;
    const context = createClassContext({
      roster: createRosterStore(database.db),
      courseStore: createCourseStore(database.db),
      classes: createClassStore(database.db),
      completions: createCompletionStore(database),
      prerequisites: createPrerequisiteStore(database.db),
      classMessages: createClassMessageStore(database, mail),
      nextTerm: createNextTermStore(database),
      desk: createDeskStore(database),
      recesses: createRecessStore(database.db),
      directory,
      enrolment,
      log: app.log,
      centre: () => mail.centre(),
      notices: staffNotices({ database, mail }),
      record: (by, action, extra) => staff.record(by, action, extra),
      // As the enrolment's retention: a class's dates may not put it past it already.
      retentionMonths: config.retentionMonthsAfterCourse,
    });
    app.decorate('classes', new ClassService(context));
    app.decorate('rosters', new RosterService(context));
    app.decorate('prerequisites', new PrerequisiteService(context));
  },
  { name: 'classes', dependencies: ['database', 'directory', 'enrolment', 'mail', 'staff'] },
);
