import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildPageCsp,
  cspOrigin,
  inlineScriptHashes,
  inlineScripts,
  inlineStyleHashes,
  inlineStyles,
  sha256Source,
} from './csp.js';

const page = `<!DOCTYPE html><html><head>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script type='application/json'>{"a":1}</script>
<script src="/assets/entry.js" type="module"></script>
<script>window.__ctx = {"é":"ç"};</script>
</head><body>
<SCRIPT type="module" async="">import "/assets/a.js";
console.log(1)</SCRIPT >
<script type="importmap">{"imports":{}}</script>
<script>window.__ctx = {"é":"ç"};</script>
</body></html>`;

describe('inlineScripts', () => {
  it('finds executable inline scripts, skipping external scripts and JSON data blocks', () => {
    expect(inlineScripts(page)).toEqual([
      'window.__ctx = {"é":"ç"};',
      'import "/assets/a.js";\nconsole.log(1)',
      '{"imports":{}}',
      'window.__ctx = {"é":"ç"};',
    ]);
  });

  it('finds nothing in a page without scripts', () => {
    expect(inlineScripts('<p>olá</p>')).toEqual([]);
  });
});

describe('sha256Source', () => {
  it("hashes the script's UTF-8 bytes as CSP expects", () => {
    const script = 'alert("ação")';
    const expected = createHash('sha256').update(Buffer.from(script, 'utf8')).digest('base64');
    expect(sha256Source(script)).toBe(`'sha256-${expected}'`);
  });

  it('matches a known digest (empty script)', () => {
    expect(sha256Source('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe('inlineScriptHashes', () => {
  it('deduplicates identical scripts, keeping document order', () => {
    const hashes = inlineScriptHashes(page);
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).toBe(sha256Source('window.__ctx = {"é":"ç"};'));
  });
});

describe('inlineStyles', () => {
  const styled = `<!DOCTYPE html><html><head><style data-inlined-from="/assets/style.css">.a{color:red}</style>
<STYLE media="print">.b{}</STYLE ></head><body><svg><style>.c{fill:#fff}</style></svg>
<style>.a{color:red}</style><p style="color:red">x</p></body></html>`;

  it('finds the text of every style element, those of inline SVGs included', () => {
    expect(inlineStyles(styled)).toEqual([
      '.a{color:red}',
      '.b{}',
      '.c{fill:#fff}',
      '.a{color:red}',
    ]);
    expect(inlineStyles('<p>olá</p>')).toEqual([]);
  });

  it('hashes them, deduplicated, in document order', () => {
    expect(inlineStyleHashes(styled)).toEqual([
      sha256Source('.a{color:red}'),
      sha256Source('.b{}'),
      sha256Source('.c{fill:#fff}'),
    ]);
  });
});

describe('buildPageCsp', () => {
  it('builds the page policy, scripts and inline styles by hash only', () => {
    const csp = buildPageCsp({
      scriptHashes: ["'sha256-AAA='", "'sha256-BBB='"],
      styleHashes: ["'sha256-CCC='"],
      frameSrc: ['https://www.google.com'],
      upgradeInsecureRequests: false,
    });
    expect(csp).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; " +
        "style-src 'self' 'sha256-CCC='; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; frame-src https://www.google.com; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(csp).not.toContain('unsafe-inline');
  });

  it('adds upgrade-insecure-requests on https and extra connect-src origins', () => {
    const csp = buildPageCsp({
      scriptHashes: [],
      styleHashes: [],
      frameSrc: [],
      connectSrc: ['https://login.microsoftonline.com'],
      upgradeInsecureRequests: true,
    });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self' https://login.microsoftonline.com;");
    expect(csp).toContain("frame-src 'none';");
    expect(csp.endsWith('; upgrade-insecure-requests')).toBe(true);
  });
});

describe('cspOrigin', () => {
  it('keeps only the origin of a URL', () => {
    expect(cspOrigin('https://www.google.com/maps?q=x&output=embed')).toBe(
      'https://www.google.com',
    );
  });
});
