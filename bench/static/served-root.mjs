// The pages nginx serves: the web build's files with each measured page replaced by what the
// product answers for it. The product adds to some prerendered pages at serving time (the notices
// banner, decision 056; a course page's class hint on `<html>`, decision 070), so the build's file
// is no longer byte for byte the page a visitor gets; nginx in front of the product would serve
// the published page, and the benchmark compares the same bytes.
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, pageFile } from './page-check.mjs';

const codings = [
  { acceptEncoding: undefined, coding: 'identity', suffix: '' },
  { acceptEncoding: 'br', coding: 'br', suffix: '.br' },
  { acceptEncoding: 'gzip', coding: 'gzip', suffix: '.gz' },
];

/** A copy of `webRoot` holding the product's answers for `paths`; `remove()` deletes it. */
export async function servedRoot(productUrl, paths, webRoot) {
  const root = mkdtempSync(join(tmpdir(), 'centro-static-'));
  // nginx's workers run as nobody when the bench runs as root: the copy must be readable by all.
  chmodSync(root, 0o755);
  cpSync(webRoot, root, { recursive: true });
  for (const path of paths) {
    for (const { acceptEncoding, coding, suffix } of codings) {
      const res = await get(
        productUrl + path,
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      const answered = res.headers['content-encoding'] ?? 'identity';
      if (res.status !== 200 || answered !== coding) {
        throw new Error(`product ${path} (${coding}): status ${res.status}, coding ${answered}`);
      }
      writeFileSync(join(root, pageFile(path) + suffix), res.body);
    }
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
