/**
 * Files from the API (the staff's exports, a person's own data): the API client's `request`
 * (api-client.ts) with the answer read as a file. Apart from the client so that the pages that only
 * read JSON (the course pages' availability) do not carry it (the public pages' JavaScript budget).
 */
import { request, type JsonRequest } from './api-client';

/** A file the API answered (an export), with the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Calls `url` for a file; rejects like fetchJson. */
export async function fetchFile(url: string, options: JsonRequest = {}): Promise<DownloadedFile> {
  const response = await request(url, '*/*', options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
