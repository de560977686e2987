/**
 * Certificates of completion (decision 094): the person's own PDF of a class they completed, and
 * the public check of a code. The person's name is read from the directory at each request (kept
 * once, decision 078); the course, the programme and the centre's name from the content; the
 * dates and hours from the class's meetings in effect and the meeting count the completion was
 * given from. Nothing is stored but the code.
 */
import { allCourses, centre, type Course, getProgramme, heldMeetings } from '@centro/content';
import {
  type CertificateCheck,
  certificatePath,
  normaliseCertificateCode,
} from '@centro/contracts';
import type { Kysely } from 'kysely';
import { createClassStore } from '../classes/class-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import type { Database } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import { Refusal } from '../refusals/refusal.js';
import { certificateText, localDate } from './certificate-content.js';
import { certificatePdf } from './certificate-pdf.js';
import { createCertificateStore } from './certificate-store.js';

export interface CertificatesOptions {
  db: Kysely<Database>;
  directory: Pick<Directory, 'getUser'>;
  /** The site's public origin, for the address printed on the certificate. */
  siteUrl: string;
  courses?: readonly Course[];
  now?: () => Date;
}

export function createCertificates(options: CertificatesOptions) {
  const store = createCertificateStore(options.db);
  const classes = createClassStore(options.db);
  const courses = new Map((options.courses ?? allCourses()).map((c) => [c.slug, c]));
  const now = options.now ?? (() => new Date());
  const nameOf = async (personId: string) =>
    (await options.directory.getUser(personId))?.displayName?.trim() || null;

  return {
    /**
     * The person's certificate of the class, a PDF, issued on the first request.
     * @throws Refusal noCertificate (no completion 'Concluído' of that class: someone else's
     *   class, a withdrawn completion, an unknown class), directoryUnavailable
     */
    async mine(personId: string, classId: string): Promise<{ pdf: Buffer; fileName: string }> {
      const completion = await store.completion(personId, classId);
      const row = completion && (await classes.byId(classId));
      const course = completion && courses.get(completion.course_slug);
      if (!completion || !row || !course) throw new Refusal('noCertificate');
      const personName = await nameOf(personId);
      if (!personName) throw new Refusal('noCertificate');
      const meetings = effectiveMeetings(course, row);
      // The dates the class met (decision 091): a skipped or cancelled date is no first or last.
      const dates = heldMeetings(meetings).map((m) => m.date);
      const code = await store.issue(personId, course.slug, classId, now());
      const text = certificateText({
        centreName: centre.name,
        personName,
        courseTitle: course.title,
        programmeName: getProgramme(course.programme).name,
        className: row.name,
        firstMeeting: dates[0] ?? meetings.firstMeeting,
        lastMeeting: dates.at(-1) ?? meetings.firstMeeting,
        meetings: completion.meetings ?? dates.length,
        durationMinutes: meetings.durationMinutes,
        concludedAt: completion.concluded_at,
        code,
        verifyUrl: new URL(certificatePath(code), options.siteUrl).href,
      });
      return { pdf: await certificatePdf(text, centre.name), fileName: text.fileName };
    },

    /**
     * Whether a code is valid, and for whom (name, course, date only).
     * @throws Refusal certificateNotFound (not a code, or no certificate has it), directoryUnavailable
     */
    async check(typed: string): Promise<CertificateCheck> {
      const code = normaliseCertificateCode(typed);
      const found = code === null ? null : await store.byCode(code);
      if (!found) throw new Refusal('certificateNotFound');
      const course = courses.get(found.courseSlug);
      const name = found.valid ? await nameOf(found.personId) : null;
      if (!found.valid || !course || !name || !found.concludedAt) {
        return { code: found.code, valid: false };
      }
      return {
        code: found.code,
        valid: true,
        name,
        course: course.title,
        concludedOn: localDate(found.concludedAt),
      };
    },
  };
}

export type Certificates = ReturnType<typeof createCertificates>;
