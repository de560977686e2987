/**
 * The API's OpenAPI 3.1 document, generated from the routes themselves: @fastify/swagger (dynamic
 * mode) sees every route as it is added, and fastify-type-provider-zod's `jsonSchemaTransform`
 * turns each /api route's zod schemas of `@centro/contracts` into JSON Schema 2020-12. Before
 * that, `withConventionalRefusals` adds the refusals every API route may answer by convention
 * (body, token, rate limit: `{error, message}`, codes from refusals/catalogue.ts); a route's
 * own refusals are in its schema. Everything else (pages, files, /idp, probes) is hidden. Served
 * at /api/openapi.json; Swagger UI at /api/docs, with its own CSP (decision 001).
 *
 * `registerOpenApi` must run before any route is added; `apiDocs` registers the two endpoints.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { codesOfStatus, refusalSchema } from './refusal-responses.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** Refusals of the routes with a JSON body (validation, parser, authorization). */
const BODY_REFUSALS = [400, 401, 403, 413, 415];
/** Refusals of every API route (rate limit, database). */
const COMMON_REFUSALS = [429, 503];

function isDocumented(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    url !== OPENAPI_JSON_PATH &&
    url !== API_DOCS_PATH &&
    !url.startsWith(`${API_DOCS_PATH}/`)
  );
}

/** A route's schema with the refusals of the API's conventions added (its own ones kept). */
export function withConventionalRefusals(
  url: string,
  schema: FastifySchema | undefined,
): FastifySchema {
  if (!isDocumented(url)) return { ...schema, hide: true };
  const response: Record<string, unknown> = { ...(schema?.response as object | undefined) };
  for (const status of [...(schema?.body ? BODY_REFUSALS : []), ...COMMON_REFUSALS]) {
    response[String(status)] ??= refusalSchema(status, codesOfStatus(status));
  }
  return { ...schema, response };
}

/** @fastify/swagger on the root, before any route, so that it sees them all. */
export async function registerOpenApi(app: FastifyInstance, siteUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API do portal do centro espírita',
        version: '1.0.0',
        description:
          'Cadastro, perfil e inscrição nos cursos. Toda recusa é um JSON `{error, message}` com uma frase em português.',
      },
      servers: [{ url: siteUrl }],
      components: {
        securitySchemes: {
          // The staff area (/api/staff): the API token of GET /api/auth/get-token as a header.
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'centro-api+jwt' },
        },
      },
    },
    convertConstToEnum: false,
    transform: (document) =>
      jsonSchemaTransform({
        ...document,
        schema: withConventionalRefusals(document.url, document.schema),
      }),
  });
}

/** A strict CSP for the Swagger UI pages: its own files and exactly the hashes it declares. */
export function swaggerUiCsp(hashes: { script: readonly string[]; style: readonly string[] }) {
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.script.join(' ')}`.trim(),
    "script-src-attr 'none'",
    // Swagger UI (React) sets style attributes; its stylesheets are its own files.
    `style-src 'self' ${hashes.style.length > 0 ? hashes.style.join(' ') : "'unsafe-inline'"}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** GET /api/openapi.json and the Swagger UI under /api/docs. */
export const apiDocs: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(async (docs) => {
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { validatorUrl: null, deepLinking: false },
      // Replaces helmet's CSP on the UI's routes (computed from the plugin's declared hashes).
      transformStaticCSP: () => swaggerUiCsp(docs.swaggerCSP),
    });
  });
};
