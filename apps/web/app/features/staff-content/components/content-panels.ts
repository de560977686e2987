/**
 * The 'Conteúdo' section's panels loaded apart from the staff area's first load, in one chunk: the
 * schedule (decision 054), the notices (decision 056), the pages' texts (decision 064), the photos
 * (decision 065) and the contact details (decision 068), with their versions. One chunk,
 * so that what they share with the staff area is split out as before and no page's route manifest
 * grows.
 */
export { ContactPanel } from './contact-panel';
export { NoticesPanel } from './notices-panel';
export { PhotosPanel } from './photos-panel';
export { SchedulePanel } from './schedule-panel';
export { TextsPanel } from './texts-panel';
