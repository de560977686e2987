/**
 * The JSON API's conventions, set on its context by app.ts (with `apiErrorHandler`); the zod
 * compilers on the context of every route with a schema (`useZodSchemas`):
 * - route schemas are the zod schemas of `@centro/contracts`, through fastify-type-provider-zod:
 *   bodies parsed with them (unknown fields refused, values normalised), answers serialised with
 *   them, and the same schemas give the OpenAPI document (plugins/openapi.ts);
 * - only `application/json` bodies (415 otherwise), at most API_BODY_LIMIT_BYTES (413), parsed
 *   refusing `__proto__` and `constructor.prototype` keys (400); a GET or HEAD, whose body Fastify
 *   does not read, is held to the same content type and size by its headers.
 * Refusals are mapped to `{error, message}` by plugins/error-handler.ts.
 */
import { API_BODY_LIMIT_BYTES } from '@centro/contracts';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Refusal } from '../refusals/refusal.js';

/** Route schemas are zod schemas: validated and serialised by fastify-type-provider-zod. */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** JSON bodies only, small (the zod compilers are set by `useZodSchemas` on a parent context). */
export function useApiConventions(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request of the API.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done();
      return;
    }
    const type = request.headers['content-type'];
    if (type !== undefined && !JSON_TYPE.test(type)) {
      done(new Refusal('unsupportedMediaType', { message: 'Only JSON bodies are accepted.' }));
      return;
    }
    if (Number(request.headers['content-length'] ?? 0) > API_BODY_LIMIT_BYTES) {
      done(new Refusal('payloadTooLarge', { message: 'The body is over the limit.' }));
      return;
    }
    done();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: API_BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
}
