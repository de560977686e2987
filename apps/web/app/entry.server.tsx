/**
 * Renders the pages at build time (ssr: false: every public page is prerendered, plus the
 * client-rendered shell), and on the server when edited content is published (decision 054).
 * Always waits for the whole page, so the HTML holds all of its text. Uses web streams, so the app
 * needs no server-runtime package. React Router's scripts carry the render's nonce, written first
 * as a comment: the build's last step lists them for the page's CSP (decision 003).
 */
import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { newScriptNonce, SCRIPT_NONCE_COMMENT } from './lib/script-nonce';

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
  const nonce = newScriptNonce();
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    {
      nonce,
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
  const marked = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`<!--${SCRIPT_NONCE_COMMENT}${nonce}-->`));
      },
    }),
  );
  return new Response(marked, { headers: responseHeaders, status });
}
