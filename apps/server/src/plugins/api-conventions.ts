/**
 * The JSON API's conventions, set on its context by app.ts (with `apiErrorHandler`); the zod
 * compilers on the context of every route with a schema (`useZodSchemas`):
 * - route schemas are the zod schemas of `@centro/contracts`, through fastify-type-provider-zod:
 *   bodies parsed with them (unknown fields refused, values normalised), answers serialised with
 *   them, and the same schemas give the OpenAPI document (plugins/openapi.ts);
 * - only `application/json` bodies (415 otherwise), at most API_BODY_LIMIT_BYTES (413), parsed
 *   refusing `__proto__` and `constructor.prototype` keys (400).
 * Refusals are mapped to `{error, message}` by plugins/error-handler.ts.
 */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** Largest JSON body accepted by the API (the biggest real one is well under 1 KB). */
export const API_BODY_LIMIT_BYTES = 16 * 1024;

/** Route schemas are zod schemas: validated and serialised by fastify-type-provider-zod. */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** JSON bodies only, small (the zod compilers are set by `useZodSchemas` on a parent context). */
export function useApiConventions(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: API_BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
}
