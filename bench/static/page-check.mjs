// What the static benchmark asks of both servers before measuring: each case answered with 200,
// the expected coding, the page's bytes and its CSP. Also fetches a page undecoded (for the
// product's headers, which nginx is then configured to send).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** A case (path, Accept-Encoding) as the report names it. */
export const caseName = (c) =>
  `\`${c.path}\`, ${c.acceptEncoding ? `Accept-Encoding: ${c.acceptEncoding}` : 'no Accept-Encoding'}`;

/** `/` → `index.html`, `/a/b` → `a/b/index.html` (as the web build prerenders them). */
export const pageFile = (path) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
const suffix = { br: '.br', gzip: '.gz', identity: '' };

/** One GET, undecoded: status, headers and body bytes. */
export function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(body, coding) {
  if (coding === 'br') return brotliDecompressSync(body);
  if (coding === 'gzip') return gunzipSync(body);
  return body;
}

/** Headers the product sends with a page that nginx must send too (it sets the rest itself). */
export const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
  'etag',
  'transfer-encoding',
]);

/**
 * Before measuring: both servers answer each case with 200, the expected coding and the page's
 * bytes (nginx: the build's file; the product: the same HTML, and the same compressed bytes unless
 * said otherwise), with the page's CSP.
 */
export async function check(targets, cases, webRoot) {
  const notes = [];
  for (const c of cases) {
    const headers = c.acceptEncoding ? { 'accept-encoding': c.acceptEncoding } : {};
    const file = readFileSync(join(webRoot, pageFile(c.path) + suffix[c.coding]));
    const html = readFileSync(join(webRoot, pageFile(c.path)));
    const answers = {};
    for (const [name, target] of Object.entries(targets)) {
      const res = await get(target.url + c.path, headers);
      const where = `${name} ${caseName(c)}`;
      if (res.status !== 200) throw new Error(`${where}: status ${res.status}, expected 200`);
      const coding = res.headers['content-encoding'] ?? 'identity';
      if (coding !== c.coding) throw new Error(`${where}: coding ${coding}, expected ${c.coding}`);
      if (!res.headers['content-type']?.startsWith('text/html')) {
        throw new Error(`${where}: content-type ${res.headers['content-type']}`);
      }
      if (!res.headers['content-security-policy']?.includes('script-src')) {
        throw new Error(`${where}: no page CSP`);
      }
      if (!decode(res.body, coding).equals(html)) {
        throw new Error(`${where}: the body is not the page ${pageFile(c.path)}`);
      }
      answers[name] = res;
    }
    if (!answers.nginx.body.equals(file)) throw new Error(`nginx ${caseName(c)}: not the file`);
    if (!answers.product.body.equals(file)) {
      notes.push(
        `${caseName(c)}: the product's ${c.coding} bytes differ from the build's file ` +
          `(${answers.product.body.length} vs ${file.length} bytes), same HTML`,
      );
    }
    const missing = Object.keys(answers.product.headers).filter(
      (name) => !OWN_HEADERS.has(name) && answers.nginx.headers[name] === undefined,
    );
    if (missing.length > 0) throw new Error(`nginx ${caseName(c)}: lacks ${missing.join(', ')}`);
  }
  return { notes };
}
