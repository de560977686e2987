/**
 * The options of a route under the bearerAuth hook (/api/me, /api/staff) from one object: the
 * staff permission it needs (none: any signed-in person; the staff routes' preHandler checks it),
 * its request schemas, the schema of its answer and the refusals it may give. The OpenAPI
 * document marks it with the bearer security and lists its refusals from their catalogue lines.
 */
import type { z } from 'zod';
import { refusalResponses } from '../../plugins/refusal-responses.js';
import type { RefusalName } from '../../refusals/catalogue.js';
import type { StaffPermission } from '../../staff/roles.js';

export interface BearerRouteDeclaration {
  permission?: StaffPermission;
  /**
   * The route addresses one class (`:slug`, `?turma=`): a monitor of that class may use it with
   * what a monitor may do in a class (decision 098). Absent: monitors are refused.
   */
  classScope?: true;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The schema of the 200 answer. */
  answer: z.ZodType;
  refusals: readonly RefusalName[];
}

/**
 * `app.post(path, bearerRoute({ permission, params, body, answer, refusals }), handler)`: the
 * request schemas stay as declared, so the handler's `request.params`, `request.body`... and
 * its answer are typed by them.
 */
export function bearerRoute<Route extends BearerRouteDeclaration>(
  route: Route,
): {
  config: { permission?: StaffPermission; classScope?: true };
  schema: Omit<Route, 'permission' | 'classScope' | 'answer' | 'refusals'> & {
    security: { bearerAuth: string[] }[];
    /** Typed by the answer alone, so that the handler's reply is checked against it. */
    response: { 200: Route['answer'] };
  };
} {
  const { permission, classScope, answer, refusals, ...request } = route;
  return {
    config: { permission, ...(classScope ? { classScope } : {}) },
    schema: {
      security: [{ bearerAuth: [] }],
      ...request,
      response: { ...refusalResponses(...refusals), 200: answer },
    },
  };
}
