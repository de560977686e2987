/**
 * The content routes' declaration, once: every one needs the `content` permission
 * (Comunicação and Coordenação) and may answer CONTENT's refusals before its own. A document
 * edited by revisions (the schedule, the notices, the contact details; decisions 054, 056, 068)
 * has the same routes: GET, the document in effect with its revision; PUT, a new revision from the
 * one the edit started from (409 when someone saved meanwhile: nothing overwritten), published at
 * once; with a history, GET …/history, the latest revisions, and POST …/restore, one of them saved
 * again as the newest; with a preview, POST …/preview, the page rendered with a body (a draft or a
 * revision of the history), published nowhere.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffPreviewResponseSchema } from '@centro/contracts';
import type { z } from 'zod';
import type { RefusalName } from '../../../refusals/catalogue.js';
import type { StaffActor } from '../../../staff/context.js';
import { type BearerRouteDeclaration, bearerRoute } from '../bearer-route.js';
import { CONTENT } from './common.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * What a new revision may refuse besides CONTENT: an invalid body, a stale revision, one save too
 * many (decision 083).
 */
export const SAVE_REFUSALS: RefusalName[] = [
  'invalidRequest',
  'contentStale',
  'tooManyContentSaves',
];
/** What a restore may refuse besides CONTENT: also a revision not in the history. */
export const RESTORE_REFUSALS: RefusalName[] = [
  'invalidRequest',
  'contentNotFound',
  'contentStale',
  'tooManyContentSaves',
];

/** `bearerRoute` with the `content` permission and CONTENT's refusals before the route's own. */
export function contentRoute<Route extends Omit<BearerRouteDeclaration, 'permission' | 'refusals'>>(
  route: Route & { refusals?: readonly RefusalName[] },
) {
  const { refusals = [], ...declaration } = route;
  return bearerRoute({
    ...(declaration as Route),
    permission: 'content' as const,
    refusals: [...CONTENT, ...refusals],
  });
}

type Answered<Schema extends z.ZodType> = Promise<z.output<Schema>> | z.output<Schema>;

/** A document edited by revisions: its path, schemas and the content service's calls. */
export interface RevisionedDocument<
  Response extends z.ZodType,
  Save extends z.ZodType,
  History extends z.ZodType,
  Restore extends z.ZodType,
  Preview extends z.ZodType = z.ZodType,
> {
  path: string;
  response: Response;
  save: Save;
  read: () => Answered<Response>;
  write: (by: StaffActor, body: z.output<Save>) => Answered<Response>;
  /** The history's routes; none: the document keeps no history the staff area lists. */
  history?: {
    path: string;
    restorePath: string;
    response: History;
    restore: Restore;
    read: () => Answered<History>;
    write: (by: StaffActor, body: z.output<Restore>) => Answered<Response>;
  };
  /** The preview's route; none: the document has no preview. */
  preview?: {
    path: string;
    body: Preview;
    render: (body: z.output<Preview>) => Promise<string>;
  };
}

/** Declares a document's routes (GET and PUT, and with a history its GET and restore). */
export function revisionedDocumentRoutes<
  Response extends z.ZodType,
  Save extends z.ZodType,
  History extends z.ZodType,
  Restore extends z.ZodType,
  Preview extends z.ZodType,
>(app: App, document: RevisionedDocument<Response, Save, History, Restore, Preview>): void {
  const { path, save, read, write, history, preview } = document;
  // The type provider cannot resolve this function's type parameters: the routes see any schema
  // (an unknown body and answer), and `document`'s types check what goes in and out. The schemas
  // still validate each request and serialise each answer.
  const answer: z.ZodType = document.response;
  app.get(path, contentRoute({ answer }), async () => read());
  app.put(
    path,
    contentRoute({ body: save as z.ZodType, answer, refusals: SAVE_REFUSALS }),
    async (request) => write(request.staffActor, request.body as z.output<Save>),
  );
  if (preview) {
    app.post(
      preview.path,
      contentRoute({
        body: preview.body as z.ZodType,
        answer: staffPreviewResponseSchema,
        refusals: ['invalidRequest', 'previewUnavailable'],
      }),
      async (request) => ({ html: await preview.render(request.body as z.output<Preview>) }),
    );
  }
  if (!history) return;
  app.get(history.path, contentRoute({ answer: history.response as z.ZodType }), async () =>
    history.read(),
  );
  app.post(
    history.restorePath,
    contentRoute({ body: history.restore as z.ZodType, answer, refusals: RESTORE_REFUSALS }),
    async (request) => history.write(request.staffActor, request.body as z.output<Restore>),
  );
}
