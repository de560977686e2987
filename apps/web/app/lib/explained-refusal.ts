/**
 * The API's own sentence for a refusal, for the screens that show it (the participant's actions,
 * the profile's data, the staff area). Apart from the API client (api-client.ts) so that the pages
 * that show none (the course pages) do not carry it (the public pages' JavaScript budget).
 */
import { ApiError } from './api-error';

/**
 * The API's pt-BR sentence for a refusal it explained (a 4xx with a message: a full course, places
 * below those taken...), which a screen shows as it is; null for anything else.
 */
export function explainedRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.apiMessage && error.status < 500
    ? error.apiMessage
    : null;
}
