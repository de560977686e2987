/**
 * A small web build for tests, in a temporary directory: every routed page (with inline scripts,
 * a JSON-LD block and an external script), the 404 page, the signed-in shell, assets with
 * pre-compressed siblings, and a public file.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { publicPaths } from '@centro/content';
import { WEB_IDENTITY_FILE, type WebIdentity } from '@centro/contracts/identity';

export interface FixtureWebRoot {
  /** The temporary directory holding `client/` (the web root) and `data/`. */
  dir: string;
  webRoot: string;
  dataDir: string;
  /** The executable inline scripts written into the page of a path ('404' and 'fallback' too). */
  scriptsOf(page: string): string[];
  /** Text that identifies each page's body. */
  markerOf(page: string): string;
  cleanup(): Promise<void>;
}

const FILLER = '<p>Texto de preenchimento para que a página passe de um kilobyte.</p>\n'.repeat(30);

function html(page: string): { body: string; scripts: string[] } {
  const scripts = [
    `window.__context = ${JSON.stringify({ page })};`,
    `import "/assets/app-abc123.js"; console.log(${JSON.stringify(page)});`,
  ];
  const body = `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${page}</title>
<link rel="stylesheet" href="/assets/site-def456.css">
<script type="application/ld+json">{"@context":"https://schema.org","name":"${page}"}</script>
</head><body><main><h1>Página ${page}</h1>
${FILLER}</main>
<script>${scripts[0]}</script>
<script type="module" async="">${scripts[1]}</script>
<script type="module" src="/assets/app-abc123.js"></script>
</body></html>
`;
  return { body, scripts };
}

export const ASSET_JS = `export const courses = ${JSON.stringify(
  Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Curso ${i}` })),
)};\n`;

async function write(root: string, file: string, content: string | Buffer) {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
}

/**
 * The build's page renderer (`renderer/render.js`, decision 054), as the web build's contract has
 * it: a page from the content, with the inline scripts it emitted there. This one lists the
 * schedule's activities and carries an inline script naming the content's first activity, so its
 * CSP hash changes with the content; then the page's own texts when saved (decision 064), and a
 * course page's classes (decision 075). Each path it renders joins `globalThis.__centroRenders`
 * when a test set it to an array. It has one flaw on purpose, for the tests of decision 003: a
 * notice's text (which this renderer never shows otherwise) goes into the page unescaped, as a bug
 * in a real renderer could.
 */
const RENDERER_JS = `const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(urlPath, content) {
  globalThis.__centroRenders?.push(urlPath);
  const items = content.schedule.flatMap((d) =>
    d.activities.map((a) => '<li>' + esc(d.day) + ', ' + esc(a.time) + ': ' + esc(a.title) + '</li>'),
  );
  const first = content.schedule[0]?.activities[0]?.title ?? '';
  const document = urlPath === '/' ? 'home' : urlPath === '/saiba-mais' ? 'about' : urlPath;
  const texts = content.texts?.[document];
  if (texts) items.push('<li>' + esc(Object.values(texts).join(' | ')) + '</li>');
  for (const c of content.classes?.[urlPath] ?? []) {
    const m = c.meetings;
    items.push('<li>Turma ' + esc(c.name) + ': ' + [m.firstMeeting, m.weekday, m.time, m.durationMinutes + ' min', m.count + ' encontros', m.room ?? ''].map(esc).join(', ') + '</li>');
  }
  const flaw = urlPath === '/horarios' ? (content.notices ?? []).map((n) => n.text).join('') : '';
  const script = 'window.__first = ' + JSON.stringify(first).replace(/</g, '\\u003c') + ';';
  const html = '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>' + esc(urlPath) +
    '</title></head><body><main><h1>Horários</h1><ul>' + items.join('') + '</ul>' + flaw + '</main>' +
    '<script>' + script + '</script></body></html>';
  return { html, scripts: [script] };
}
`;

/**
 * `identity`: the build's identity settings (`.identity.json`), as a build with those VITE_AUTH_*
 * settings writes them; none by default (an older build, for the built-in provider).
 * `renderer`: the build has its page renderer (none by default, as a build before decision 054).
 */
export async function createFixtureWebRoot(
  options: { identity?: WebIdentity; renderer?: boolean } = {},
): Promise<FixtureWebRoot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'centro-server-'));
  const webRoot = path.join(dir, 'client');
  const scripts = new Map<string, string[]>();

  const pages: [string, string][] = [
    ...publicPaths().map((p): [string, string] => [
      p,
      p === '/' ? 'index.html' : `${p.slice(1)}/index.html`,
    ]),
    ['404', '404/index.html'],
    ['fallback', '__spa-fallback.html'],
  ];
  for (const [page, file] of pages) {
    const { body, scripts: pageScripts } = html(page);
    scripts.set(page, pageScripts);
    await write(webRoot, file, body);
  }

  await write(webRoot, 'assets/app-abc123.js', ASSET_JS);
  await write(webRoot, 'assets/app-abc123.js.br', brotliCompressSync(ASSET_JS));
  await write(webRoot, 'assets/app-abc123.js.gz', gzipSync(ASSET_JS));
  await write(webRoot, 'assets/site-def456.css', 'body{margin:0}\n');
  await write(webRoot, 'assets/stray.html', '<p>not a page</p>');
  await write(webRoot, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  await write(webRoot, 'robots.txt', 'User-agent: *\nDisallow: /\n');
  await write(webRoot, 'index.html.br', brotliCompressSync('stale'));
  if (options.identity) {
    await write(webRoot, WEB_IDENTITY_FILE, JSON.stringify(options.identity));
  }
  if (options.renderer) await write(dir, 'renderer/render.js', RENDERER_JS);

  return {
    dir,
    webRoot,
    dataDir: path.join(dir, 'data'),
    scriptsOf: (page) => scripts.get(page) ?? [],
    markerOf: (page) => `<h1>Página ${page}</h1>`,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
