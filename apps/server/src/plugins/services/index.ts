/**
 * The services, each a Fastify plugin (fastify-plugin, as fastify/demo's) that names the services
 * it needs (`dependencies`) and decorates the instance with its own, typed below in one place:
 * routes read them from the instance, the one way dependencies reach routes. app.ts registers them
 * in this order; each one's onClose hook stops it, and onClose hooks run in reverse order of
 * registration, so the database, registered first, closes last.
 *
 * What the built-in identity provider changes is decided once, in `EmbeddedProviderSetup`.
 */
import type { DatabaseHandle } from '../../db/database.js';
import type { DirectoryAdapter } from '../../directory/create-directory.js';
import type { ApiTokens } from '../../auth/api-tokens.js';
import type { TokenRevocations } from '../../auth/token-revocations.js';
import type { ProviderTokenVerifier } from '../../auth/provider-token-verifier.js';
import type { CourseReader } from '../../courses/effective-course.js';
import type { OpeningAlerts } from '../../enrolment/opening-alerts.js';
import type { ClassReminders } from '../../enrolment/class-reminders.js';
import type { EnrolmentService } from '../../enrolment/service.js';
import type { ContactEmailChanges } from '../../idp/store/contact-email-changes.js';
import type { Mail } from '../../mail/mail.js';
import type { ParticipantService } from '../../participant/service.js';
import type { StaffService } from '../../staff/service.js';
import type { ClassService, PrerequisiteService, RosterService } from '../../classes/service.js';
import type { PhotoLibrary } from '../../content/photos-library.js';
import type { ContentService } from '../../content/service.js';
import type { Limits } from './limits.js';
import type { StaffReports } from '@centro/contracts';
import type { DeskClaims } from '../../desk/claims.js';
import type { Certificates } from '../../certificates/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (Kysely), opened and migrated by buildApp, closed with the app. */
    database: DatabaseHandle;
    /** The directory (local tables or Microsoft Graph, per DIRECTORY), released with the app. */
    directory: DirectoryAdapter;
    /** Enrolment in the courses (places, reservations, repair). */
    enrolment: EnrolmentService;
    /** 'Avise-me quando abrir': one e-mail when a course's enrolment opens. */
    openingAlerts: OpeningAlerts;
    classReminders: ClassReminders;
    /** A course in effect by slug: the content with the staff's settings (invite code, meetings). */
    courseOf: CourseReader;
    /** The staff area: who may do what, and the record of staff actions. */
    staff: StaffService;
    /** A course's classes: their list, life, settings and messages (staff area). */
    classes: ClassService;
    /** A class's people: lists, exports, removals, moves, attendance (staff area). */
    rosters: RosterService;
    /** Prerequisites, their exceptions and the completions (staff area, decision 061). */
    prerequisites: PrerequisiteService;
    /** The site's edited content: its revisions, published to the pages and the calendar. */
    content: ContentService;
    /** The photos uploaded in the staff area, and their files (decision 065). */
    photos: PhotoLibrary;
    /** 'Relatórios': a year's classes in counts (the newest year with classes by default). */
    reports: { ofYear(year?: number): Promise<StaffReports> };
    /** What the desk enrolled becomes an account's: a proven e-mail or a claim code. */
    deskClaims: DeskClaims;
    /** Certificates of completion: the person's PDF, the public check of a code (decision 094). */
    certificates: Certificates;
    /** The participant's own space: my enrolments, my data, deleting my account. */
    participant: ParticipantService;
    /** The server's API tokens (issued by get-token, checked by the bearerAuth hook). */
    apiTokens: ApiTokens;
    /**
     * Per person, the instant before which their tokens are refused (ended sessions): checked by
     * get-token and the bearerAuth hook.
     */
    tokenRevocations: TokenRevocations;
    /** Checks the identity provider's access tokens (IDENTITY_PROVIDER) for get-token. */
    verifyProviderToken: ProviderTokenVerifier;
    /** What one account may ask within an hour: enrolment changes, people searches. */
    limits: Limits;
    /** Mail: the outbox (enqueue with the transaction of the event) and this instance's sender. */
    mail: Mail;
    /**
     * Changes of the profile's 'E-mail' that wait for the new address's confirmation (built-in
     * provider with EMAIL_VERIFICATION=required); null: changes apply at once.
     */
    contactEmail: ContactEmailChanges | null;
  }
}

export type { EmbeddedProviderSetup } from './embedded-provider.js';
export { authService } from './auth.js';
export { backupService } from './backup.js';
export { classesService } from './classes.js';
export { contentService } from './content.js';
export { coursesService } from './courses.js';
export { databaseService } from './database.js';
export { directoryService } from './directory.js';
export { deskService } from './desk.js';
export { enrolmentService } from './enrolment.js';
export { limitsService } from './limits.js';
export { mailService } from './mail.js';
export { participantService } from './participant.js';
export { certificatesService } from './certificates.js';
export { reportsService } from './reports.js';
export { staffService } from './staff.js';
