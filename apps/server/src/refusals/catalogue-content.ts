/**
 * The catalogue's lines about the site's edited content (catalogue.ts puts them in its order): who
 * may edit it, a save from a replaced revision, previews, and the photos (decisions 064 and 065).
 */
import { ErrorCode as C, PHOTO_LIMITS } from '@centro/contracts';
import { refusal } from './wording.js';

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
