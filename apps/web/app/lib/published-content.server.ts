/**
 * The content edited in the staff area (issue 32, decision 054), as the pages' loaders receive it.
 * At build time the context is empty and every loader reads `packages/content`; when the server
 * publishes an edit it renders the page again with this build's server code (scripts/page-renderer.mjs),
 * the saved documents set here, so the same loaders make the same page from the new content.
 */
import type { ScheduleDay } from '@centro/content';
import { createContext } from 'react-router';

/** The documents saved in the staff area; a missing one is packages/content's. */
export interface PublishedContent {
  schedule?: readonly ScheduleDay[];
}

export const publishedContent = createContext<PublishedContent>({});
