/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial.js';
import * as coursePlacesTaken from './002-course-places-taken.js';
import * as mailOutbox from './003-mail-outbox.js';
import * as staffArea from './004-staff-area.js';
import * as courseSettings from './005-course-settings.js';
import * as accountEmail from './006-account-email.js';
import * as waitingList from './007-waiting-list.js';
import * as outboxMessageData from './008-outbox-message-data.js';
import * as sentMailWithoutBody from './009-sent-mail-without-body.js';
import * as tokenRevocations from './010-token-revocations.js';
import * as staffActionIdentity from './011-staff-action-identity.js';
import * as classes from './012-classes.js';
import * as contentRevisions from './013-content-revisions.js';
import * as openingAlerts from './014-opening-alerts.js';
import * as completions from './015-completions.js';
import * as classReminders from './016-class-reminders.js';
import * as rowsPerClass from './017-rows-per-class.js';
import * as prerequisites from './018-prerequisites.js';
import * as classMessages from './019-class-messages.js';
import * as contentPhotos from './021-content-photos.js';
import * as classLife from './024-class-life.js';
import * as personDataOnce from './025-person-data-once.js';
import * as mailFloodsAndSeenPeople from './026-mail-floods-and-seen-people.js';
import * as waitingListHistory from './030-waiting-list-history.js';
import * as meetingChanges from './031-meeting-changes.js';
import * as recesses from './032-recesses.js';
import * as termPreparations from './033-term-preparations.js';
import * as certificates from './034-certificates.js';
import * as deskPeopleAndGuests from './035-desk-people-and-guests.js';
import * as checkInTokens from './036-check-in-tokens.js';
import * as classScopedRoles from './037-class-scoped-roles.js';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-course-places-taken': coursePlacesTaken,
  '003-mail-outbox': mailOutbox,
  '004-staff-area': staffArea,
  '005-course-settings': courseSettings,
  '006-account-email': accountEmail,
  '007-waiting-list': waitingList,
  '008-outbox-message-data': outboxMessageData,
  '009-sent-mail-without-body': sentMailWithoutBody,
  '010-token-revocations': tokenRevocations,
  '011-staff-action-identity': staffActionIdentity,
  '012-classes': classes,
  '013-content-revisions': contentRevisions,
  '014-opening-alerts': openingAlerts,
  '015-completions': completions,
  '016-class-reminders': classReminders,
  '017-rows-per-class': rowsPerClass,
  '018-prerequisites': prerequisites,
  '019-class-messages': classMessages,
  '021-content-photos': contentPhotos,
  '024-class-life': classLife,
  '025-person-data-once': personDataOnce,
  '026-mail-floods-and-seen-people': mailFloodsAndSeenPeople,
  '030-waiting-list-history': waitingListHistory,
  '031-meeting-changes': meetingChanges,
  '032-recesses': recesses,
  '033-term-preparations': termPreparations,
  '034-certificates': certificates,
  '035-desk-people-and-guests': deskPeopleAndGuests,
  '036-check-in-tokens': checkInTokens,
  '037-class-scoped-roles': classScopedRoles,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
