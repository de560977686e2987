/**
 * The edited content's tables, for Kysely (schema.ts holds them in `Database`): each document's
 * revisions and the photos uploaded in the staff area.
 */

/** A saved revision of an edited content document (migration 013, decision 054). */
export interface ContentRevisionsTable {
  /** 'schedule', ... */
  document: string;
  /** 1, 2, ... per document; the highest is the published one. */
  revision: number;
  /** The document, JSON. */
  body: string;
  author_id: string;
  /** The author's name when saving (a snapshot, like the staff record's). */
  author_name: string;
  created_at: string;
}

/** A photo uploaded in the staff area, resized to its place (migration 021, decision 065). */
export interface ContentPhotosTable {
  /** The start of the SHA-256 of its JPEG (hex). */
  id: string;
  width: number;
  height: number;
  /** Each format's file, base64. */
  avif: string;
  webp: string;
  jpeg: string;
  created_at: string;
}
