/**
 * The 'Conteúdo' section's panels loaded apart from the staff area's first load, in one chunk: the
 * notices (decision 056) and the pages' texts (decision 064). One chunk, so that what they share
 * with the staff area is split out as before and no page's route manifest grows.
 */
export { NoticesPanel } from './notices-panel';
export { TextsPanel } from './texts-panel';
