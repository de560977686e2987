/**
 * The centre's content: one source of truth for the website and the server. The main entry is the
 * browser entry (./site.ts: data, helpers, paths, lookups) plus the schemas and the validation, and
 * its data is the validated one: importing this module validates the data (it throws with every
 * problem listed if anything is wrong).
 */
export * from './site.js';
export * from './schema.js';
// Named exports win over the star export above: the same objects, from the module that validates them.
export { content, centre, schedule, programmes, tutorial, privacy } from './content.js';
export { validateContent, ContentValidationError, formatIssuePath } from './validate.js';
