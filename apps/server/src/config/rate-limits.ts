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
  REDIS_URL: text.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    'must be a Redis URL (redis://host:6379 or rediss://...)',
  ),
};
