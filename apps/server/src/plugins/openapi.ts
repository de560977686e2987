/**
 * The API's OpenAPI 3.1 document, generated from the routes themselves: @fastify/swagger (dynamic
 * mode) sees every route as it is added, and `transform` turns each /api route's zod schemas of
 * `@centro/contracts` into JSON Schema 2020-12 (zod 4's `z.toJSONSchema`), adds the refusals every
 * API route may answer (`{error, message}`, per the issue's rules) and hides everything else (pages,
 * files, /idp, probes). Served at /api/openapi.json; Swagger UI at /api/docs, with its own CSP.
 *
 * `registerOpenApi` must run before any route is added; `apiDocs` registers the two endpoints.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@centro/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { z } from 'zod';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** Zod schema or JSON Schema → JSON Schema 2020-12 (without `$schema`). */
export function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return json;
}

const ERROR_BODY = toJsonSchema(apiErrorSchema, 'output');

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'Invalid body or value (`invalid_request`, `invalid_json`, `unknown_group`...).',
  401: 'Token missing, anonymous where a person is needed, expired or tampered.',
  403: 'The id or user of the body is not the token’s person.',
  404: 'The person is not in the directory (`user_not_found`).',
  409: 'The course is full (`course_full`).',
  413: 'Body larger than the limit (`payload_too_large`).',
  415: 'Body not in JSON (`unsupported_media_type`).',
  429: 'Rate limit of the client address reached (`too_many_requests`).',
  502: 'The directory refused or failed (`directory_unavailable`).',
  503: 'The directory or the database is unavailable; try again.',
};

/** Refusals of the routes with a JSON body (authorization, validation, parser). */
const BODY_REFUSALS = [400, 401, 403, 413, 415];
/** Refusals of every API route. */
const COMMON_REFUSALS = [429, 503];
/** Further refusals of particular routes. */
const ROUTE_REFUSALS: Readonly<Record<string, readonly number[]>> = {
  '/api/user/details': [404, 502],
  '/api/user/update': [404, 502],
  '/api/user/update/security-attributes': [404, 502],
  '/api/group/add': [409, 502],
  '/api/auth/get-token': [401],
};

function isDocumented(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    url !== OPENAPI_JSON_PATH &&
    url !== API_DOCS_PATH &&
    !url.startsWith(`${API_DOCS_PATH}/`)
  );
}

type Responses = Record<string, unknown>;

/** A route's schema as the document shows it. */
export function documentedSchema(url: string, schema: FastifySchema | undefined): FastifySchema {
  if (!isDocumented(url)) return { ...schema, hide: true };
  const declared = (schema?.response ?? {}) as Responses;
  const response: Responses = {};
  for (const [status, body] of Object.entries(declared)) {
    response[status] = {
      description: DESCRIPTIONS[Number(status)] ?? 'Answer',
      ...(toJsonSchema(body, 'output') as object),
    };
  }
  const refusals = [
    ...(schema?.body ? BODY_REFUSALS : []),
    ...(ROUTE_REFUSALS[url] ?? []),
    ...COMMON_REFUSALS,
  ];
  for (const status of refusals) {
    response[String(status)] ??= {
      description: DESCRIPTIONS[status] ?? 'Refusal',
      ...(ERROR_BODY as object),
    };
  }
  return {
    ...schema,
    ...(schema?.body ? { body: toJsonSchema(schema.body, 'input') } : {}),
    response,
  };
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
    },
    convertConstToEnum: false,
    transform: ({ schema, url }) => ({ schema: documentedSchema(url, schema), url }),
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
