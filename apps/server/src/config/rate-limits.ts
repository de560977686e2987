/** The rate limits' part of the environment: per-minute limits on /api and /idp, and their Redis. */
import { integerRange, text } from './parsers.js';

export const rateLimitEnv = {
  RATE_LIMIT_API_PER_MINUTE: integerRange(
    10_000,
    0,
    1_000_000,
    'the requests per minute allowed to one client address on /api (0 for no limit), a whole number',
  ),
  RATE_LIMIT_IDP_PER_MINUTE: integerRange(
    300,
    0,
    1_000_000,
    'the requests per minute allowed to one client address on /idp (0 for no limit), a whole number',
  ),
  // Decision 094: the public check of a certificate's code; a person checks one or two codes, a
  // script trying codes many.
  RATE_LIMIT_CERTIFICATES_PER_MINUTE: integerRange(
    20,
    0,
    1_000_000,
    'the certificate codes one client address may check per minute at /certificados and /api/certificates (0 for no limit), a whole number',
  ),
  // Decision 080: enrolments, cancellations and waiting-list changes each queue a message and call
  // the directory; a person flooding them spends the centre's mail quota.
  ENROLMENT_CHANGES_PER_HOUR: integerRange(
    6,
    0,
    1000,
    'the enrolments, cancellations and waiting-list changes one person may make in one course in an hour (0 for no limit), a whole number',
  ),
  STAFF_PEOPLE_SEARCHES_PER_HOUR: integerRange(
    30,
    0,
    10_000,
    "the people searches ('Liberar inscrição') one staff member may make in an hour (0 for no limit), a whole number",
  ),
  REDIS_URL: text.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    'must be a Redis URL (redis://host:6379 or rediss://...)',
  ),
};
