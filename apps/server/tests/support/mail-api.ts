/**
 * The real app with its mail, for tests of what staff and people do and what they are told: a real
 * SMTP server (smtp-server.ts), the API sending to it (api-app.ts, API rate limit off, Coordenação
 * given by ADMIN_EMAILS when the test names an admin) with the test's people seeded; requests and
 * web enrolments as a person (their API token, `app.inject`); and the messages a person received,
 * waited for.
 */
import type { Course } from '@centro/content';
import type { StaffRoleName } from '@centro/contracts';
import type { ParsedMail } from 'mailparser';
import { createTestApi, type TestApi } from './api-app.js';
import { seedPeople } from './server-process.js';
import { createTestSmtpServer, type TestSmtpServer } from './smtp-server.js';

export const TEST_MAIL_FROM = '"Centro Espírita" <nao-responda@centro.org.br>';

/** The methods the API's routes answer. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MailApi {
  smtp: TestSmtpServer;
  api: TestApi;
  /** Closes the app, then stops the SMTP server. */
  close(): Promise<void>;
}

/** Starts the SMTP server and the app on it (ready), and seeds `people` as accounts. */
export async function createMailApi(options: {
  databaseUrl: string | undefined;
  /** The person ADMIN_EMAILS names (Coordenação). */
  admin?: string;
  /** People seeded once the app is ready. */
  people?: string[];
  /** Staff roles the admin grants once they are seeded, by person. */
  roles?: Record<string, Exclude<StaffRoleName, 'monitor'>>;
  /** More of the app's environment. */
  env?: Record<string, string>;
}): Promise<MailApi> {
  const smtp = await createTestSmtpServer();
  const api = await createTestApi({
    databaseUrl: options.databaseUrl,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: TEST_MAIL_FROM,
      ...(options.admin === undefined ? {} : { ADMIN_EMAILS: `${options.admin}@example.org` }),
      RATE_LIMIT_API_PER_MINUTE: '0',
      ...options.env,
    },
  });
  await api.app.ready();
  if (options.people) await seedPeople(api.app.database.db, options.people);
  for (const [person, role] of Object.entries(options.roles ?? {})) {
    const granted = await api.app.inject({
      method: 'POST',
      url: '/api/staff/roles/grant',
      headers: { authorization: `Bearer ${api.tokenFor(options.admin ?? '')}` },
      payload: { email: `${person}@example.org`, role },
    });
    if (granted.statusCode !== 200) throw new Error(`${role} not granted: ${granted.body}`);
  }
  return {
    smtp,
    api,
    close: async () => {
      await api.close();
      await smtp.stop();
    },
  };
}

/** A request as `person` (their API token), to the app `api()` answers once it is started. */
export const requestsAs =
  (api: () => TestApi) => (person: string, method: ApiMethod, url: string, body?: object) =>
    api().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api().tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

/** A person's enrolment in a course as the web sends it (`POST /api/group/add` with their token). */
export const enrolmentsIn = (api: () => TestApi) => (person: string, course: Course) =>
  api().app.inject({
    method: 'POST',
    url: '/api/group/add',
    payload: { group: course.groupId, user: person, token: api().tokenFor(person) },
  });

/**
 * The messages to `person` whose subject starts with `subject` (or, `exact`, is it), in arrival
 * order, once `count` of them arrived; throws after 20 seconds naming what did arrive.
 */
export async function mailTo(
  smtp: TestSmtpServer,
  person: string,
  subject: string,
  options: { count?: number; exact?: boolean } = {},
): Promise<ParsedMail[]> {
  const { count = 1, exact = false } = options;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const theirs = smtp.received.filter(
      (m) => m.to !== undefined && JSON.stringify(m.to).includes(`${person}@example.org`),
    );
    const found = theirs.filter((m) =>
      exact ? m.subject === subject : m.subject?.startsWith(subject),
    );
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no ${count} '${subject}' to ${person}; got ${theirs.map((m) => m.subject).join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
