/**
 * The edited documents (decision 054): each one's packaged default (`packages/content`, what a
 * fresh install shows), its schema, and the pages that show it.
 */
import { centre, publicPaths, schedule as packagedSchedule } from '@centro/content';
import {
  type ContentDocument,
  type BannersDocument,
  bannersDocumentSchema,
  type PhotosDocument,
  photosDocumentSchema,
  type ScheduleDocument,
  scheduleDocumentSchema,
  type Texts,
} from '@centro/contracts';
import { type ContactDetails, contactDetailsSchema } from '@centro/contracts/contact';
import { pagesWithPhotos } from './photos-places.js';
import {
  isText,
  packagedTextsOf,
  pagesShowingTexts,
  textPages,
  textsSchemaFor,
} from './texts-documents.js';

/** The content a page is rendered from: every document, saved or packaged. */
export interface SiteContent {
  schedule: ScheduleDocument;
  /** The notices ('Avisos'): none packaged. */
  notices: BannersDocument;
  /** The photos put in place of the illustrations (decision 065): none packaged. */
  photos: PhotosDocument;
  /** The text documents saved, by name (decision 064); the others are packaged. */
  texts: Readonly<Record<string, Texts>>;
  /** The centre's address, WhatsApp, e-mail and map (decision 068): the packaged ones at first. */
  contact: ContactDetails;
}

const { street, district, city, state, postalCode } = centre.address;
/** The packaged contact details (`packages/content`'s centre). */
export const packagedContact: ContactDetails = contactDetailsSchema.parse({
  address: { street, district, city, state, postalCode },
  whatsapp: centre.whatsapp,
  email: centre.email,
  mapEmbedUrl: centre.mapEmbedUrl,
  mapTitle: centre.mapTitle,
});

/** The packaged content, read through the same schemas as a saved revision. */
export const packagedContent: SiteContent = {
  schedule: scheduleDocumentSchema.parse(packagedSchedule),
  notices: [],
  photos: {},
  texts: {},
  contact: packagedContact,
};

/** Each document's schema (the same on the way in and when read back). */
export const documentSchemas = {
  schedule: scheduleDocumentSchema,
  notices: bannersDocumentSchema,
  photos: photosDocumentSchema,
  contact: contactDetailsSchema,
} as const satisfies Record<ContentDocument, unknown>;

/**
 * The prerendered pages each document appears on (re-rendered when it is published). The notices
 * are not rendered by the web build: their banners are put into every page as served (decision 056).
 */
export const pagesShowing: Readonly<Record<ContentDocument, readonly string[]>> = {
  schedule: ['/horarios'],
  notices: [],
  photos: pagesWithPhotos,
  // The footer of every page, the JSON-LD, /contato: every public page.
  contact: publicPaths(),
};

const isFixed = (document: string): document is ContentDocument =>
  Object.hasOwn(pagesShowing, document);

/** The schema of any document: the fixed ones above, or a text document; undefined: unknown. */
export function schemaOf(document: string) {
  return isFixed(document) ? documentSchemas[document] : textsSchemaFor(document);
}

/** The content with a document's new body in it. */
export function withDocument(content: SiteContent, document: string, body: unknown): SiteContent {
  if (isFixed(document)) return { ...content, [document]: body };
  return isText(document)
    ? { ...content, texts: { ...content.texts, [document]: body as Texts } }
    : content;
}

/** The prerendered pages any document appears on. */
export function pagesOf(document: string): readonly string[] {
  return isFixed(document) ? pagesShowing[document] : pagesShowingTexts(document);
}

/** Every page an edit may render again (their built HTML is kept). */
export const editablePages: readonly string[] = [
  ...new Set([...Object.values(pagesShowing).flat(), ...textPages]),
];

/** A document's body in `content` (a text document never saved: its packaged texts). */
export function documentOf(content: SiteContent, document: string): unknown {
  if (isFixed(document)) return content[document];
  return isText(document) ? (content.texts[document] ?? packagedTextsOf(document)) : undefined;
}

/** JSON with every object's keys sorted: two equal documents give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * The uploaded photos the stored bodies name (`"id":"<20 hex digits>"`, decision 065's ids), in
 * any document: a document added later that names photos keeps them too.
 */
export function photoIdsIn(bodies: Iterable<string>): Set<string> {
  const ids = new Set<string>();
  for (const body of bodies) {
    for (const [, id] of body.matchAll(/"id":"([0-9a-f]{20})"/g)) if (id) ids.add(id);
  }
  return ids;
}
