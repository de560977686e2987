// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePng } from '../../../e2e/support/png';
import {
  buildPreviews,
  previewOf,
  titleLayout,
  withoutIllustrationAttribute,
  wrapWords,
} from './preview-images.mjs';

const page = (head: string) =>
  `<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>${head}</head><body><main>Olá</main></body></html>`;

const coursePage = page(
  [
    '<meta property="og:site_name" content="Portal Teste"/>',
    '<meta property="og:title" content="Passe &amp; Prece | Portal Teste"/>',
    '<meta property="og:image" content="https://centro.example.org/og/global-kardec/passe.png" data-illustration="/assets/passe-X1.svg"/>',
    '<meta property="og:image:width" content="1200"/>',
  ].join(''),
);

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#4f8a6b"/></svg>';

const dirs: string[] = [];
async function buildDir(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'centro-previews-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('previewOf', () => {
  it('reads the preview path, the title without the portal and the illustration', () => {
    expect(previewOf(coursePage)).toEqual({
      imagePath: '/og/global-kardec/passe.png',
      title: 'Passe & Prece',
      illustration: '/assets/passe-X1.svg',
    });
  });

  it('ignores pages without a preview of ours (the 404 page, an external image)', () => {
    expect(previewOf(page('<meta name="robots" content="noindex"/>'))).toBeNull();
    expect(previewOf(page('<meta property="og:image" content="https://x.org/a.png"/>'))).toBeNull();
  });
});

describe('title layout', () => {
  it('wraps on words and shrinks long titles to at most four lines', () => {
    expect(wrapWords('Nosso Lar e a vida', 10)).toEqual(['Nosso Lar', 'e a vida']);
    expect(titleLayout('Horários')).toEqual({ size: 64, lines: ['Horários'] });
    const long = titleLayout(
      'Desenvolvimento Mediúnico: Fase I – Escola de Médiuns do Centro Espírita',
    );
    expect(long.lines.length).toBeLessThanOrEqual(4);
    expect(long.size).toBeLessThan(64);
  });
});

describe('buildPreviews', () => {
  it('draws each page’s preview as a 1200×630 PNG under 300 KB, writes the manifest and icons, and cleans the page', async () => {
    const dir = await buildDir({
      'global-kardec/passe/index.html': coursePage,
      'assets/passe-X1.svg': drawing,
      'contato/index.html': page(
        '<meta property="og:title" content="Contato"/><meta property="og:image" content="/og/contato.png"/>',
      ),
      '404.html': page('<meta name="robots" content="noindex"/>'),
    });
    const result = await buildPreviews(dir);
    expect(result.images).toBe(2);

    for (const file of ['og/global-kardec/passe.png', 'og/contato.png']) {
      const png = await readFile(path.join(dir, file));
      expect(decodePng(png)).toMatchObject({ width: 1200, height: 630 });
      expect(png.length).toBeLessThan(300 * 1024);
    }
    // The course's picture is drawn in: its preview is not the plain one of a page without one.
    const withDrawing = await readFile(path.join(dir, 'og/global-kardec/passe.png'));
    const plain = await readFile(path.join(dir, 'og/contato.png'));
    expect(withDrawing.equals(plain)).toBe(false);

    const html = await readFile(path.join(dir, 'global-kardec/passe/index.html'), 'utf8');
    expect(html).not.toContain('data-illustration');
    expect(html).toContain('content="https://centro.example.org/og/global-kardec/passe.png"');

    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ lang: 'pt-BR', start_url: '/', display: 'standalone' });
    expect(manifest.name).toMatch(/\S/);
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    for (const size of [192, 512]) {
      expect(manifest.icons).toContainEqual(
        expect.objectContaining({ src: `/icons/icon-${size}.png`, purpose: 'maskable' }),
      );
      const icon = decodePng(await readFile(path.join(dir, `icons/icon-${size}.png`)));
      expect(icon).toMatchObject({ width: size, height: size });
    }
  });

  it('refuses an illustration outside the build', async () => {
    const dir = await buildDir({
      'a/index.html': page(
        '<meta property="og:title" content="A"/><meta property="og:image" content="/og/a.png" data-illustration="/../../etc/passwd"/>',
      ),
    });
    await expect(buildPreviews(dir)).rejects.toThrow(/outside the build|ENOENT/);
  });

  it('leaves a page without our preview as it was', () => {
    const html = page('<meta property="og:title" content="A"/>');
    expect(withoutIllustrationAttribute(html)).toBe(html);
  });
});
