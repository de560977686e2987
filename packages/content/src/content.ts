/**
 * The centre's content, validated as a whole when this module is loaded: a mistake in any value stops
 * the build (and the server) with every problem listed.
 */
import { siteContent } from './site-data.js';
import type { Content } from './schema.js';
import { validateContent } from './validate.js';

/** The raw, unvalidated content (exported for tests that check the validation itself). */
export const rawContent: Content = siteContent;

validateContent(rawContent);

/** The same objects the browser entry (`@centro/content/site`) exports, checked. */
export const content: Content = siteContent;
export const { centre, schedule, programmes, tutorial, privacy } = content;
