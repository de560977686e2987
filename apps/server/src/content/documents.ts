/**
 * The edited documents (decision 054): each one's packaged default (`packages/content`, what a
 * fresh install shows), its schema, and the pages that show it.
 */
import { schedule as packagedSchedule } from '@centro/content';
import {
  type ContentDocument,
  type NoticesDocument,
  noticesDocumentSchema,
  type PhotosDocument,
  photosDocumentSchema,
  type ScheduleDocument,
  scheduleDocumentSchema,
} from '@centro/contracts';
import { pagesWithPhotos } from './photos-places.js';

/** The content a page is rendered from: every document, saved or packaged. */
export interface SiteContent {
  schedule: ScheduleDocument;
  /** The notices ('Avisos'): none packaged. */
  notices: NoticesDocument;
  /** The photos put in place of the illustrations (decision 065): none packaged. */
  photos: PhotosDocument;
}

/** The packaged content, read through the same schemas as a saved revision. */
export const packagedContent: SiteContent = {
  schedule: scheduleDocumentSchema.parse(packagedSchedule),
  notices: [],
  photos: {},
};

/** Each document's schema (the same on the way in and when read back). */
export const documentSchemas = {
  schedule: scheduleDocumentSchema,
  notices: noticesDocumentSchema,
  photos: photosDocumentSchema,
} as const satisfies Record<ContentDocument, unknown>;

/**
 * The prerendered pages each document appears on (re-rendered when it is published). The notices
 * are not rendered by the web build: their banners are put into every page as served (decision 056).
 */
export const pagesShowing: Readonly<Record<ContentDocument, readonly string[]>> = {
  schedule: ['/horarios'],
  notices: [],
  photos: pagesWithPhotos,
};
