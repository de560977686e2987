import { describe, expect, it } from 'vitest';
import { withoutScripts } from './no-script-page.mjs';

describe('withoutScripts', () => {
  it('removes inline, module and deferred scripts and keeps the content', () => {
    const html =
      '<head><script>window.x = 1;</script><script type="module" src="/a.js"></script></head>' +
      '<body><h1>Horários</h1><script type="text/x-deferred-module">import "/b.js";</script></body>';
    expect(withoutScripts(html)).toBe('<head></head><body><h1>Horários</h1></body>');
  });

  it('keeps JSON-LD and JSON data blocks', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type="application/json">{"a":1}</script>';
    expect(withoutScripts(html)).toBe(html);
  });
});
