/**
 * The centre's content, assembled from the modules under ./centre-data, without the validation
 * library: this is what the browser bundle carries. It is validated by `./content.ts`, which the build
 * (the web app's prerender configuration) and the server import, so invalid data never ships.
 * To adapt the site to a centre, replace the values marked `// PLACEHOLDER:` (listed in `placeholders`).
 */
import { centre } from './centre-data/centre.js';
import { escolaDeMediuns } from './centre-data/escola-de-mediuns.js';
import { globalKardec } from './centre-data/global-kardec.js';
import { placeholders } from './centre-data/placeholders.js';
import { privacy } from './centre-data/privacy.js';
import { schedule } from './centre-data/schedule.js';
import { tutorial } from './centre-data/tutorial.js';
import type { Content } from './schema.js';

export const siteContent: Content = {
  centre,
  schedule,
  programmes: [globalKardec, escolaDeMediuns],
  tutorial,
  privacy,
  placeholders,
};

export const programmes = siteContent.programmes;
export { centre, schedule, tutorial, privacy };
