/**
 * Renders the pages at build time (ssr: false: every public page is prerendered, plus the
 * client-rendered shell). Always waits for the whole page, so the HTML holds all of its text.
 * Uses web streams, so the app needs no server-runtime package.
 */
import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 10_000;

/** The key of the edited content, for the server's renderer (scripts/page-renderer.mjs). */
export { publishedContent } from './lib/published-content.server';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await body.allReady;
  clearTimeout(timeout);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}
