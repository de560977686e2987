/**
 * GET /api/staff/content/photos (every place with its photo) and PUT (one photo, base64, for one
 * place): Comunicação and Coordenação, decision 065.
 */
import type { StaffPhotosResponse, StaffPhotoUpload } from '@centro/contracts';
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

/** The file's bytes as base64 (what the JSON body carries). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}
