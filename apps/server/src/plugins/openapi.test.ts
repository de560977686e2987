/**
 * The OpenAPI 3.1 document at /api/openapi.json: every API route of the app is in it, with its
 * request body schema (from the contracts' zod schemas) and its 4xx answers `{error, message}`;
 * nothing else (pages, /idp, probes) is. The Swagger UI page at /api/docs has its own CSP.
 */
import {
  groupAddRequestSchema,
  myAccountDeleteRequestSchema,
  myPasswordChangeRequestSchema,
  mySignOutRequestSchema,
  myCourseRequestSchema,
  myWaitingListJoinRequestSchema,
  myClaimRequestSchema,
  staffDeskEnrolRequestSchema,
  staffWalkInRequestSchema,
  staffNewClaimCodeRequestSchema,
  securityAttributesRequestSchema,
  userDetailsRequestSchema,
  userUpdateRequestSchema,
  staffAttendanceRequestSchema,
  staffCheckInRequestSchema,
  staffCourseSettingsSchema,
  staffGrantRequestSchema,
  staffMoveRequestSchema,
  staffRemoveRequestSchema,
  staffRevokeRequestSchema,
  staffBannersSaveSchema,
  staffPhotoUploadSchema,
  staffScheduleSaveSchema,
  staffTextsSaveSchema,
  staffContentRestoreSchema,
  staffTextsPreviewSchema,
  staffRevisionRestoreSchema,
  staffSchedulePreviewSchema,
  staffBannersPreviewSchema,
  staffPhotoRemoveSchema,
  staffPhotosPreviewSchema,
  staffNewClassRequestSchema,
  staffConcludeClassRequestSchema,
  staffReopenClassRequestSchema,
  staffOpenClassRequestSchema,
  staffPrepareTermRequestSchema,
  staffMeetingChangeRequestSchema,
  staffRecessRequestSchema,
  staffCompletionChangeSchema,
  staffExceptionRequestSchema,
  staffPrerequisitesRequestSchema,
  staffClassMessageRequestSchema,
} from '@centro/contracts';
import {
  staffContactPreviewSchema,
  staffContactRestoreSchema,
  staffContactSaveSchema,
} from '@centro/contracts/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';

interface Operation {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

/** The contract of each API route's body. */
const BODY_CONTRACTS: Record<string, z.ZodType> = {
  '/api/user/details': userDetailsRequestSchema,
  '/api/user/update': userUpdateRequestSchema,
  '/api/user/update/security-attributes': securityAttributesRequestSchema,
  '/api/group/add': groupAddRequestSchema,
  '/api/staff/courses/{slug}/settings': staffCourseSettingsSchema,
  '/api/staff/courses/{slug}/participants/{personId}/remove': staffRemoveRequestSchema,
  '/api/staff/courses/{slug}/participants/{personId}/move': staffMoveRequestSchema,
  '/api/staff/courses/{slug}/attendance/{meeting}': staffAttendanceRequestSchema,
  '/api/staff/courses/{slug}/check-in/{meeting}': staffCheckInRequestSchema,
  '/api/staff/roles/grant': staffGrantRequestSchema,
  '/api/staff/roles/revoke': staffRevokeRequestSchema,
  '/api/me/enrolments/cancel': myCourseRequestSchema,
  '/api/me/waiting-list/join': myWaitingListJoinRequestSchema,
  '/api/me/waiting-list/leave': myCourseRequestSchema,
  '/api/me/delete': myAccountDeleteRequestSchema,
  '/api/me/password': myPasswordChangeRequestSchema,
  '/api/me/sign-out': mySignOutRequestSchema,
  '/api/me/opening-alert': myCourseRequestSchema,
  '/api/me/opening-alert/cancel': myCourseRequestSchema,
  '/api/me/claim': myClaimRequestSchema,
  '/api/staff/courses/{slug}/desk-enrol': staffDeskEnrolRequestSchema,
  '/api/staff/courses/{slug}/attendance/{meeting}/walk-in': staffWalkInRequestSchema,
  '/api/staff/courses/{slug}/participants/{personId}/claim-code': staffNewClaimCodeRequestSchema,
  '/api/staff/content/schedule': staffScheduleSaveSchema,
  '/api/staff/courses/{slug}/classes': staffNewClassRequestSchema,
  '/api/staff/courses/{slug}/classes/{classId}/open': staffOpenClassRequestSchema,
  '/api/staff/courses/{slug}/classes/{classId}/conclude': staffConcludeClassRequestSchema,
  '/api/staff/courses/{slug}/classes/{classId}/reopen': staffReopenClassRequestSchema,
  '/api/staff/courses/{slug}/prerequisites': staffPrerequisitesRequestSchema,
  '/api/staff/courses/{slug}/exceptions': staffExceptionRequestSchema,
  '/api/staff/courses/{slug}/completions/{classId}/{personId}': staffCompletionChangeSchema,
  '/api/staff/courses/{slug}/classes/{classId}/messages': staffClassMessageRequestSchema,
  '/api/staff/next-term': staffPrepareTermRequestSchema,
  '/api/staff/courses/{slug}/classes/{classId}/meetings': staffMeetingChangeRequestSchema,
  '/api/staff/recesses': staffRecessRequestSchema,
  '/api/staff/recesses/{id}/remove': staffRemoveRequestSchema,
  // The server's schema adds the check of the course against the content (same JSON Schema).
  '/api/staff/content/notices': staffBannersSaveSchema,
  // The server's schema adds the check of the page and its own texts (same JSON Schema).
  '/api/staff/content/texts': staffTextsSaveSchema,
  '/api/staff/content/restore': staffContentRestoreSchema,
  '/api/staff/content/preview': staffTextsPreviewSchema,
  '/api/staff/content/photos': staffPhotoUploadSchema,
  '/api/staff/content/contact': staffContactSaveSchema,
  '/api/staff/content/contact/restore': staffContactRestoreSchema,
  '/api/staff/content/contact/preview': staffContactPreviewSchema,
  '/api/staff/content/schedule/restore': staffRevisionRestoreSchema,
  '/api/staff/content/schedule/preview': staffSchedulePreviewSchema,
  '/api/staff/content/notices/restore': staffRevisionRestoreSchema,
  // The server's schema adds the check of the course against the content (same JSON Schema).
  '/api/staff/content/notices/preview': staffBannersPreviewSchema,
  '/api/staff/content/photos/restore': staffRevisionRestoreSchema,
  '/api/staff/content/photos/remove': staffPhotoRemoveSchema,
  '/api/staff/content/photos/preview': staffPhotosPreviewSchema,
};

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
  });
  return json;
}

let api: TestApi;
/** Method and URL of every route of the app, as Fastify registered them. */
const routes: { method: string; url: string; hasBody: boolean }[] = [];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('the OpenAPI document', () => {
  let document: Document;

  beforeAll(async () => {
    const res = await api.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    document = res.json();
    // Every route of the app, from Fastify's own listing (a tree: each line adds to its parent).
    const prefixes: string[] = [];
    for (const line of api.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([\s│├└─]*?)(?:├── |└── )(\S+) \(([A-Z, ]+)\)/.exec(line);
      if (!match?.[2] || !match[3]) continue;
      const depth = ((match[1]?.length ?? 0) + 4) / 4 - 1;
      const url = (prefixes[depth - 1] ?? '') + match[2];
      prefixes[depth] = url;
      prefixes.length = depth + 1;
      // Fastify's `:param` is OpenAPI's `{param}`.
      const path = url.replace(/^\/\/+/, '/').replace(/:(\w+)/g, '{$1}');
      if (!path.startsWith('/api/') || path === '/api/openapi.json') continue;
      if (path === '/api/docs' || path.startsWith('/api/docs/')) continue;
      for (const method of match[3].split(', ')) {
        if (method !== 'HEAD') routes.push({ method, url: path, hasBody: method === 'POST' });
      }
    }
  });

  it('is OpenAPI 3.1 and lists exactly the API routes of the app', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const documented = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());
  });

  it('gives every route its request body schema and its 4xx answers {error, message}', () => {
    for (const route of routes) {
      const operation = document.paths[route.url]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      if (!operation) continue;
      if (route.hasBody) {
        const body = operation.requestBody?.content['application/json']?.schema;
        const contract = BODY_CONTRACTS[route.url];
        expect(contract, `${route.url}: a body contract`).toBeDefined();
        if (contract) expect(body, `${route.url} body`).toEqual(jsonSchemaOf(contract));
        expect([400, 401, 403, 413, 415].every((s) => String(s) in operation.responses)).toBe(true);
      }
      const refusals = Object.entries(operation.responses).filter(([status]) =>
        status.startsWith('4'),
      );
      expect(refusals.length, `${route.url} 4xx`).toBeGreaterThan(0);
      for (const [status, response] of refusals) {
        const schema = response.content?.['application/json']?.schema;
        expect(schema, `${route.url} ${status}`).toMatchObject({
          type: 'object',
          properties: { error: { type: 'string' }, message: { type: 'string' } },
          required: expect.arrayContaining(['error', 'message']),
        });
      }
      expect(operation.responses['200']).toBeDefined();
    }
  });

  it('takes the body schemas from the contracts (zod → JSON Schema 2020-12)', () => {
    const body =
      document.paths['/api/group/add']?.post?.requestBody?.content['application/json']?.schema;
    expect(body).toEqual(jsonSchemaOf(groupAddRequestSchema));
    expect(body).toMatchObject({
      additionalProperties: false,
      required: ['group', 'user', 'token'],
    });
    expect(document.paths['/api/group/add']?.post?.responses['409']).toBeDefined();
  });
});

describe('the documentation page', () => {
  it('serves Swagger UI at /api/docs with a CSP of its own', async () => {
    const page = await api.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    const initializer = await api.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('SwaggerUIBundle');
  });

  it('leaves the rest of the site under its own CSP', async () => {
    const json = await api.app.inject({ url: '/api/courses/availability' });
    expect(String(json.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(json.headers['content-security-policy'])).not.toContain("script-src 'self'");
  });
});
