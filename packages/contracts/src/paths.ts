/**
 * The API's paths (spec section 7) and the Graph-shaped path of the person, without zod: the
 * server's routes and the website's calls name them from here (`@centro/contracts/paths`).
 */

export const apiPaths = {
  /** GET: an API token, anonymous or bound to the person of a provider's access token. */
  getToken: '/api/auth/get-token',
  /** POST: the person's details. */
  userDetails: '/api/user/details',
  /** POST: one field of the person's details. */
  userUpdate: '/api/user/update',
  /** POST: the birth date, kept as a security attribute. */
  securityAttributes: '/api/user/update/security-attributes',
  /** POST: enrolment, the person joins a course's group. */
  groupAdd: '/api/group/add',
  /** GET: places and places left by course slug. */
  availability: '/api/courses/availability',
} as const;
export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** The person as the identity provider's Graph (or the built-in provider's stand-in) describes them. */
export const GRAPH_ME_PATH = '/v1.0/me';
