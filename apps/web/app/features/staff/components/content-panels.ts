/**
 * The 'Conteúdo' section's panels loaded apart from the staff area's first load, in one chunk: the
 * notices (decision 056), the pages' texts (decision 064) and the photos (decision 065). One chunk,
 * so that what they share with the staff area is split out as before and no page's route manifest
 * grows.
 */
export { ContactPanel } from './contact-panel';
export { NoticesPanel } from './notices-panel';
export { PhotosPanel } from './photos-panel';
export { TextsPanel } from './texts-panel';
