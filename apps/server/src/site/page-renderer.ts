/**
 * The web build's renderer (decision 054): the module beside the client build,
 * `<build>/renderer/render.js`, that renders a public page from given content exactly as the
 * prerender does (head, JSON-LD, inline stylesheet, deferred scripts), with its `.data`. The server calls it when
 * edited content is published; a build without it keeps its prerendered pages (the content's
 * other outputs, such as /agenda.ics, still follow the edits).
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A file the page names, made with it (the link preview of a page showing a photo, decision 065). */
export interface RenderedFile {
  path: string;
  body: Uint8Array;
  type: string;
}

/**
 * A page rendered again: its HTML, the inline scripts the renderer emitted in it (the only ones its
 * CSP allows, decision 003), and its client navigation data when the renderer gives it.
 */
export interface RenderedPage {
  html: string;
  scripts: string[];
  data?: string;
  files?: RenderedFile[];
}

/**
 * How to render: `preview`, as React Router wrote it, its stylesheets linked (decision 064);
 * `photoOf`, an uploaded photo's JPEG by id, for a link preview drawn with it (decision 065).
 */
export interface PageRenderOptions {
  preview?: boolean;
  photoOf?: (id: string) => Promise<Uint8Array | undefined>;
}

/** The renderer's contract: the page for `urlPath`, from `content`. */
export interface PageRenderer {
  render(urlPath: string, content: unknown, options?: PageRenderOptions): Promise<RenderedPage>;
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
  const module = (await import(pathToFileURL(file).href)) as {
    render?: (
      urlPath: string,
      content: unknown,
      options?: PageRenderOptions,
    ) => Promise<string | (Omit<RenderedPage, 'scripts'> & { scripts?: string[] })>;
  };
  const render = module.render;
  if (typeof render !== 'function') {
    throw new Error(`${file} does not export render(urlPath, content)`);
  }
  return {
    render: async (urlPath, content, options) => {
      const page = await render(urlPath, content, options);
      // A renderer that lists no scripts emitted none: a page with one is refused.
      return typeof page === 'string'
        ? { html: page, scripts: [] }
        : { ...page, scripts: page.scripts ?? [] };
    },
  };
}
