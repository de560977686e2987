/**
 * The web build's renderer (decision 054): the module beside the client build,
 * `<build>/renderer/render.js`, that renders a public page from given content exactly as the
 * prerender does (head, JSON-LD, inline stylesheet, deferred scripts). The server calls it when
 * edited content is published; a build without it keeps its prerendered pages (the content's
 * other outputs, such as /agenda.ics, still follow the edits).
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The renderer's contract: the page's HTML for `urlPath`, from `content`. */
export interface PageRenderer {
  render(urlPath: string, content: unknown): Promise<string>;
}

/** Where the renderer sits for a client build (WEB_ROOT is `<build>/client`). */
export function rendererFile(webRoot: string): string {
  return path.join(path.dirname(path.resolve(webRoot)), 'renderer', 'render.js');
}

/** The build's renderer, or undefined when the build has none. */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const file = rendererFile(webRoot);
  try {
    await access(file);
  } catch {
    return undefined;
  }
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  if (typeof module.render !== 'function') {
    throw new Error(`${file} does not export render(urlPath, content)`);
  }
  const render = module.render;
  return { render: async (urlPath, content) => String(await render(urlPath, content)) };
}
