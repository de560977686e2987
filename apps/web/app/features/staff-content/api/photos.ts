/**
 * GET /api/staff/content/photos (every place with its photo) and PUT (one photo, base64, for one
 * place): Comunicação and Coordenação, decision 065. Its history, a revision restored, a place
 * back to its illustration, and a revision's preview.
 */
import type {
  StaffPhotoRemove,
  StaffPhotosHistory,
  StaffPhotosPreview,
  StaffPhotosResponse,
  StaffPhotoUpload,
  StaffPreviewResponse,
  StaffRevisionRestore,
} from '@centro/contracts';
import { apiPaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

const url = apiPaths.staffContentPhotos;
const shape = { revision: 'number', places: 'array' } as const;

/** A phone's upload takes its time: the file, then the resizing on the server. */
const UPLOAD_TIMEOUT_MS = 120_000;

export async function fetchPhotos(token: string): Promise<StaffPhotosResponse> {
  return checked(await fetchJson(url, { bearer: token }), url, shape);
}

/** Uploads and publishes; resolves to the places as the server then holds them. */
export async function uploadPhoto(
  upload: StaffPhotoUpload,
  token: string,
): Promise<StaffPhotosResponse> {
  return checked(
    await fetchJson(url, {
      method: 'PUT',
      body: upload,
      bearer: token,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
    url,
    shape,
  );
}

export async function fetchPhotosHistory(token: string): Promise<StaffPhotosHistory> {
  const at = apiPaths.staffContentPhotosHistory;
  return checked(await fetchJson(at, { bearer: token }), at, { revisions: 'array' });
}

/** 'Restaurar esta versão': the photos of an earlier revision put back, and published. */
export async function restorePhotos(
  restore: StaffRevisionRestore,
  token: string,
): Promise<StaffPhotosResponse> {
  const at = apiPaths.staffContentPhotosRestore;
  return checked(await fetchJson(at, { method: 'POST', body: restore, bearer: token }), at, shape);
}

/** 'Voltar à ilustração original': the place without its photo, published. */
export async function removePhoto(
  remove: StaffPhotoRemove,
  token: string,
): Promise<StaffPhotosResponse> {
  const at = apiPaths.staffContentPhotosRemove;
  return checked(await fetchJson(at, { method: 'POST', body: remove, bearer: token }), at, shape);
}

/** The place's page with these photos, published nowhere. */
export async function previewPhotos(preview: StaffPhotosPreview, token: string): Promise<string> {
  const at = apiPaths.staffContentPhotosPreview;
  const answer = await fetchJson(at, { method: 'POST', body: preview, bearer: token });
  return checked<StaffPreviewResponse>(answer, at, { html: 'string' }).html;
}

/** The file's bytes as base64 (what the JSON body carries). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}
