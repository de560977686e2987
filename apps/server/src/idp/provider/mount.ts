/**
 * Mounts the provider (a Koa application) under /idp of the Fastify server: a catch-all route hands
 * the raw request and response to `provider.callback()` and hijacks the reply, with the prefix
 * moved from `url` to `originalUrl` as the provider expects of a mounted app. Fastify must not read
 * the body (the provider parses its own), so this context has a pass-through content-type parser.
 *
 * The provider builds its URLs from the request: the public origin (SITE_URL) and the client
 * address Fastify computed (which honours TRUST_PROXY) are written into X-Forwarded-* headers that
 * replace whatever the client sent, and the provider trusts only those. On a loopback SITE_URL, the
 * host is the one the request named if it is a loopback twin of SITE_URL's (loopback.ts).
 */
import type { IncomingMessage } from 'node:http';
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { providerHost } from './loopback.js';

/** Sets the headers the provider reads its origin and client address from. */
export function normaliseProviderRequest(
  request: FastifyRequest,
  siteUrl: string,
): IncomingMessage {
  const site = new URL(siteUrl);
  const raw = request.raw;
  raw.headers['x-forwarded-proto'] = site.protocol.slice(0, -1);
  raw.headers['x-forwarded-host'] = providerHost(siteUrl, request.host);
  raw.headers['x-forwarded-for'] = request.ip;
  return raw;
}

export interface ProviderMountOptions {
  provider: Provider;
  siteUrl: string;
}

export const providerMount: FastifyPluginAsync<ProviderMountOptions> = async (
  app,
  { provider, siteUrl },
) => {
  const callback = provider.callback();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all(`${BUILT_IN_PROVIDER_PATH}/*`, async (request, reply) => {
    const raw = normaliseProviderRequest(request, siteUrl) as IncomingMessage & {
      originalUrl?: string;
    };
    const url = raw.url ?? BUILT_IN_PROVIDER_PATH;
    raw.originalUrl = url;
    raw.url = url.slice(BUILT_IN_PROVIDER_PATH.length) || '/';
    reply.hijack();
    try {
      await callback(raw, reply.raw);
    } finally {
      raw.url = url;
      delete raw.originalUrl;
    }
  });
};
