/**
 * Build-time settings of the website, validated with zod.
 * Only build-time code (route loaders, run while prerendering) reads this module, so zod never reaches
 * the browser: the validated values travel to the pages inside the prerendered data.
 */
import { z } from 'zod';

const DEFAULT_SITE_URL = 'http://localhost:3000';

/** True for "https://host[:port]" (with or without the final slash); invalid URLs are reported apart. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash;
}

const envSchema = z.object({
  /** Public origin of the site (scheme, host, port), used for canonical links and Open Graph URLs. */
  VITE_SITE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'VITE_SITE_URL must be an http(s) URL, e.g. https://www.example.org',
    })
    .refine(isOrigin, {
      error:
        'VITE_SITE_URL must be an origin without a path or query, e.g. https://www.example.org',
    })
    .transform((value) => new URL(value).origin)
    .default(DEFAULT_SITE_URL),
});

export type Env = z.infer<typeof envSchema>;

/** Validates raw settings; throws one readable error listing every problem. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse({
    // An empty variable means "not set".
    VITE_SITE_URL: source.VITE_SITE_URL === '' ? undefined : source.VITE_SITE_URL,
  });
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid website build settings:\n${problems.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated settings of this build. */
export function getEnv(): Env {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
