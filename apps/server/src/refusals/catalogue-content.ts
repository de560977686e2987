/**
 * The catalogue's lines about the site's edited content (catalogue.ts puts them in its order): who
 * may edit it, a save from a replaced revision, previews, and the photos (decisions 064 and 065).
 */
import { ErrorCode as C, PHOTO_LIMITS } from '@centro/contracts';
import { refusal, waitSeconds } from './wording.js';

export const CONTENT_REFUSALS = {
  /** A staff member without Comunicação or Coordenação on the site's content. */
  contentRolesOnly: refusal(
    [403],
    C.Forbidden,
    'Só a Coordenação e a Comunicação podem alterar o conteúdo do site.',
  ),
  /** A content save from a revision someone else replaced meanwhile (nothing was overwritten). */
  contentStale: refusal(
    [409],
    C.ContentStale,
    'Outra pessoa alterou esta página enquanto você editava.',
  ),
  /** A page without texts to edit, or a revision of it that does not exist (decision 064). */
  contentNotFound: refusal([404], C.NotFound, 'Página ou versão não encontrada.'),
  /** A preview asked of a server whose web build has no page renderer (decision 064). */
  previewUnavailable: refusal(
    [503],
    C.ServiceUnavailable,
    'A pré-visualização não está disponível neste servidor.',
  ),
} as const;

export const PHOTO_REFUSALS = {
  /** An uploaded photo over PHOTO_LIMITS: its file, or its pixels (decision 065). */
  photoTooLarge: refusal(
    [413],
    C.PhotoTooLarge,
    `Foto grande demais: no máximo ${PHOTO_LIMITS.bytes / 1024 / 1024} MB e ${PHOTO_LIMITS.megapixels} megapixels.`,
  ),
  /** An uploaded file the server cannot read as an image (decision 065). */
  notAnImage: refusal(
    [415],
    C.NotAnImage,
    'Foto: não foi possível ler este arquivo como imagem. Envie uma foto JPEG, PNG, WebP ou AVIF.',
  ),
  /** A photo for a place the site does not have (a course that does not exist). */
  photoPlaceNotFound: refusal([422], C.InvalidRequest, 'Escolha onde a foto aparece.'),
} as const;

/** One upload at a time, and the limits on saves and previews (decisions 082 and 083). */
export const CONTENT_LIMIT_REFUSALS = {
  /**
   * A photo sent while another is being prepared on this instance (decision 082): refused before
   * any work, as the one under way would make it stale.
   */
  photoUploadInProgress: refusal(
    [409],
    C.ContentStale,
    'Outra foto está sendo enviada agora. Aguarde alguns segundos e envie de novo.',
  ),
  /** Content saves past a staff member's limit (decision 083): when the next may go. */
  tooManyContentSaves: refusal(
    [429],
    C.TooManyRequests,
    'Muitas alterações do conteúdo em pouco tempo. Aguarde um pouco e tente novamente.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Muitas alterações do conteúdo em pouco tempo. Aguarde ${waitSeconds(retryAfterSeconds)} e tente novamente.`,
  ),
  /** Previews past a staff member's limit (decision 083): when the next may go. */
  tooManyPreviews: refusal(
    [429],
    C.TooManyRequests,
    'Muitas pré-visualizações em pouco tempo. Aguarde um pouco e tente novamente.',
    ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
      `Muitas pré-visualizações em pouco tempo. Aguarde ${waitSeconds(retryAfterSeconds)} e tente novamente.`,
  ),
} as const;
