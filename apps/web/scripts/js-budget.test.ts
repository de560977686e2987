// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatReport, passes, verdict } from './js-budget-report.mjs';
import {
  attributeValue,
  buildFileOf,
  DEFERRED_MODULE_TYPE,
  deferredPreloads,
  evaluateBudget,
  firstLoadChunks,
  hasStaticImports,
  chunksHolding,
  forbiddenIn,
  isMsalModule,
  isStaffModule,
  JS_BUDGET_BYTES,
  referencedScripts,
  type MeasuredFile,
} from './js-budget.mjs';
import { attributeBytes, decodeMappings, UNMAPPED, utf8Length } from './source-map-bytes.mjs';

/** A prerendered page as React Router writes it (shortened). */
const page = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/manifest-1.js"/>
<link rel="modulepreload" href="/assets/entry.client-A.js"/>
<link rel='preload' as='script' href='/assets/extra-B.js'>
<link rel="preload" as="image" href="/assets/banner.svg"/>
<link rel="stylesheet" href="/assets/style.css"/>
<script type="application/ld+json">{"import":"x"}</script>
</head><body><p>importante: import "nada";</p>
<script>window.__ctx = {}; import("/assets/lazy-classic.js")</script>
<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-C.js";
export { x } from "/assets/reexport-D.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-A.js");</script>
<script src="/assets/classic-E.js" defer></script>
</body></html>`;

describe('referencedScripts', () => {
  it('finds preloads, script sources and the imports of inline scripts, once each, in order', () => {
    expect(referencedScripts(page)).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-A.js',
      '/assets/extra-B.js',
      '/assets/lazy-classic.js',
      '/assets/root-C.js',
      '/assets/reexport-D.js',
      '/assets/classic-E.js',
    ]);
  });

  it('reads a bootstrap deferred until the first paint, and its preloads', () => {
    const deferred = `<script type="${DEFERRED_MODULE_TYPE}" data-modulepreload='["/assets/a.js","/assets/b.js"]'>import "/assets/a.js";
import("/assets/c.js");</script><script>(function(){})()</script>`;
    expect(referencedScripts(deferred)).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
  });

  it('finds nothing in a page without scripts', () => {
    expect(referencedScripts('<p>olá</p>')).toEqual([]);
  });
});

describe('deferredPreloads', () => {
  it('reads a JSON list of URLs, entity-encoded or not', () => {
    expect(deferredPreloads('["/a.js","/b.js"]')).toEqual(['/a.js', '/b.js']);
    expect(deferredPreloads('[&quot;/a.js&quot;]')).toEqual(['/a.js']);
    expect(deferredPreloads(undefined)).toEqual([]);
  });

  it('refuses anything else', () => {
    expect(() => deferredPreloads('{"a":1}')).toThrow(/not a list/);
    expect(() => deferredPreloads('/a.js /b.js')).toThrow();
  });
});

describe('attributeValue', () => {
  it('reads quoted, unquoted and bare attributes', () => {
    expect(attributeValue(' rel="modulepreload" href=/x.js async', 'rel')).toBe('modulepreload');
    expect(attributeValue(' rel="modulepreload" href=/x.js async', 'href')).toBe('/x.js');
    expect(attributeValue(' rel="modulepreload" href=/x.js async', 'async')).toBe('');
    expect(attributeValue(" data-x='[1]'", 'data-x')).toBe('[1]');
    expect(attributeValue(' rel="x"', 'href')).toBeUndefined();
  });
});

describe('buildFileOf', () => {
  it("maps the site's URLs to build files and refuses other origins", () => {
    expect(buildFileOf('/assets/x-1.js')).toBe('assets/x-1.js');
    expect(buildFileOf('/assets/x-1.js?v=2#h')).toBe('assets/x-1.js');
    expect(buildFileOf('assets/x.js')).toBe('assets/x.js');
    expect(buildFileOf('https://cdn.example.org/x.js')).toBeUndefined();
    expect(buildFileOf('//cdn.example.org/x.js')).toBeUndefined();
  });
});

describe('firstLoadChunks', () => {
  const chunks = {
    'assets/root.js': { imports: ['assets/framework.js', 'assets/shared.js'] },
    'assets/framework.js': { imports: [] },
    'assets/shared.js': { imports: ['assets/framework.js'] },
    'assets/home.js': { imports: ['assets/shared.js'] },
    'assets/msal.js': { imports: [] },
  };

  it('follows static imports transitively, once each', () => {
    expect(firstLoadChunks(['assets/root.js', 'assets/home.js'], chunks)).toEqual({
      files: ['assets/root.js', 'assets/framework.js', 'assets/shared.js', 'assets/home.js'],
      outside: [],
    });
  });

  it('lists the files the report does not know', () => {
    expect(firstLoadChunks(['assets/manifest.js', 'assets/home.js'], chunks)).toEqual({
      files: ['assets/manifest.js', 'assets/home.js', 'assets/shared.js', 'assets/framework.js'],
      outside: ['assets/manifest.js'],
    });
  });
});

describe('hasStaticImports', () => {
  it('sees import and export-from statements, not import() or words', () => {
    expect(hasStaticImports('import{a as b}from"./x.js";b()')).toBe(true);
    expect(hasStaticImports('var a=1;import"./x.js"')).toBe(true);
    expect(hasStaticImports('export*from"./x.js"')).toBe(true);
    expect(hasStaticImports('window.__reactRouterManifest={"imports":["/a.js"]};')).toBe(false);
    expect(hasStaticImports('import("./x.js")')).toBe(false);
  });
});

describe('isMsalModule', () => {
  it("recognizes MSAL's packages only", () => {
    expect(
      isMsalModule('node_modules/@azure/msal-browser/dist/app/PublicClientApplication.mjs'),
    ).toBe(true);
    expect(isMsalModule('/x/node_modules/@azure/msal-common/dist-browser/index.mjs')).toBe(true);
    expect(isMsalModule('apps/web/app/auth/load-msal.ts')).toBe(false);
    expect(isMsalModule('node_modules/@azure/other/index.mjs')).toBe(false);
  });
});

describe('isStaffModule', () => {
  it('recognizes the staff feature and its route only', () => {
    expect(isStaffModule('apps/web/app/features/staff/api/get-overview.ts')).toBe(true);
    expect(isStaffModule('/x/apps/web/app/routes/equipe.tsx')).toBe(true);
    expect(isStaffModule('apps/web/app/auth/api/staff-roles.ts')).toBe(false);
    expect(isStaffModule('apps/web/app/features/staffing/x.ts')).toBe(false);
  });
});

describe('chunksHolding', () => {
  const chunks = {
    'assets/perfil.js': { modules: { '/w/apps/web/app/routes/perfil.tsx': 10 } },
    'assets/msal.js': { modules: { '/w/apps/web/app/auth/msal-session.ts': 5, 'x.js': 1 } },
    'assets/other.js': { modules: { 'y.js': 1 } },
  };

  it('finds the chunks that hold the modules a screen loads', () => {
    expect(chunksHolding(chunks, ['app/routes/perfil.tsx', 'app/auth/msal-session.ts'])).toEqual([
      'assets/perfil.js',
      'assets/msal.js',
    ]);
  });

  it('fails for a module no chunk holds (a renamed file must not pass unmeasured)', () => {
    expect(() => chunksHolding(chunks, ['app/routes/gone.tsx'])).toThrow(
      'No chunk holds app/routes/gone.tsx',
    );
  });
});

describe('forbiddenIn', () => {
  it('lets a signed-in screen hold MSAL, and only the staff screen the staff area', () => {
    const msal = 'node_modules/@azure/msal-browser/dist/index.mjs';
    const staff = 'apps/web/app/features/staff/components/staff-area.tsx';
    expect(forbiddenIn(msal)).toBe('MSAL');
    expect(forbiddenIn(msal, { allowMsal: true })).toBeNull();
    expect(forbiddenIn(staff, { allowMsal: true })).toBe('the staff area');
    expect(forbiddenIn(staff, { allowStaff: true })).toBeNull();
  });
});

describe('decodeMappings', () => {
  it('decodes generated columns and source indexes, relative across segments and lines', () => {
    // Line 1: [0, src 0], [5, src 1], [9, unmapped]; line 2: none; line 3: [2, src 1].
    expect(decodeMappings('AAAA,KCAA,I;;EAAA')).toEqual([
      [
        { column: 0, source: 0 },
        { column: 5, source: 1 },
        { column: 9, source: undefined },
      ],
      [],
      [{ column: 2, source: 1 }],
    ]);
  });

  it('decodes multi-digit values', () => {
    // 1000 = 'w+B' (VLQ), source 0.
    expect(decodeMappings('w+BAAA')).toEqual([[{ column: 1000, source: 0 }]]);
  });

  it('refuses a malformed segment', () => {
    expect(() => decodeMappings('A!AA')).toThrow(/invalid/);
  });
});

describe('utf8Length', () => {
  it('counts bytes as UTF-8 does', () => {
    for (const text of ['', 'abc', 'ação', '€', '😀', 'a\ud800b']) {
      expect(utf8Length(text), text).toBe(Buffer.byteLength(text));
    }
  });
});

describe('attributeBytes', () => {
  it('gives every byte of the file to a source, or to the glue', () => {
    const code = 'import"x";ação();\nfoo();bar()\n';
    // Line 1: a.ts from 0, b.ts from 10; line 2: a.ts from 0 (source -1), b.ts from 6.
    const map = { mappings: 'AAAA,UCAA;ADAA,MCAA', sources: ['a.ts', 'b.ts'] };
    const bytes = attributeBytes(code, map);
    expect(bytes).toEqual({ 'a.ts': 10 + 6, 'b.ts': 9 + 5, [UNMAPPED]: 2 });
    const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(Buffer.byteLength(code));
  });

  it('leaves bytes before the first segment and in unmapped segments to the glue', () => {
    const bytes = attributeBytes('  abc;def', { mappings: 'EAAA,I', sources: ['a.ts'] });
    expect(bytes).toEqual({ [UNMAPPED]: 2 + 3, 'a.ts': 4 });
  });
});

const file = (name: string, br: number, modules: Record<string, number>): MeasuredFile => {
  const raw = Object.values(modules).reduce((sum, n) => sum + n, 0);
  return { file: name, raw, br, gz: Math.round(br * 1.1), modules };
};

describe('evaluateBudget', () => {
  it('adds the files up and ranks files and modules by their brotli share', () => {
    const result = evaluateBudget([
      file('assets/root.js', 1_000, { 'app/root.tsx': 3_000, 'app/small.ts': 1_000 }),
      file('assets/framework.js', 90_000, { 'node_modules/react-dom/x.js': 300_000 }),
    ]);
    expect(result.total).toEqual({ raw: 304_000, br: 91_000, gz: 100_100 });
    expect(result.withinBudget).toBe(true);
    expect(result.files.map((f) => f.file)).toEqual(['assets/framework.js', 'assets/root.js']);
    expect(result.modules.map((m) => [m.id, m.br])).toEqual([
      ['node_modules/react-dom/x.js', 90_000],
      ['app/root.tsx', 750],
      ['app/small.ts', 250],
    ]);
    expect(passes(result)).toBe(true);
  });

  it('fails above 100,000 B brotli, not at it', () => {
    expect(JS_BUDGET_BYTES).toBe(100_000);
    expect(evaluateBudget([file('a.js', 100_000, { a: 1 })]).withinBudget).toBe(true);
    const over = evaluateBudget([file('a.js', 60_000, { a: 1 }), file('b.js', 40_001, { b: 1 })]);
    expect(over.withinBudget).toBe(false);
    expect(passes(over)).toBe(false);
    expect(verdict(over)).toBe('JS budget: FAILED (1 B over the budget)');
  });

  it('fails when MSAL is in the first load, whatever the size', () => {
    const result = evaluateBudget([
      file('assets/root.js', 1_000, {
        'app/root.tsx': 10,
        'node_modules/@azure/msal-browser/dist/index.mjs': 10,
      }),
    ]);
    expect(result.withinBudget).toBe(true);
    expect(result.forbidden).toEqual([
      {
        file: 'assets/root.js',
        module: 'node_modules/@azure/msal-browser/dist/index.mjs',
        what: 'MSAL',
      },
    ]);
    expect(passes(result)).toBe(false);
    expect(verdict(result)).toBe('JS budget: FAILED (MSAL in the first load)');
  });

  it('fails when the staff area is in the first load', () => {
    const result = evaluateBudget([
      file('assets/root.js', 1_000, {
        'app/root.tsx': 10,
        '/work/apps/web/app/features/staff/components/staff-area.tsx': 10,
      }),
    ]);
    expect(passes(result)).toBe(false);
    expect(formatReport(result)).toContain(
      '/work/apps/web/app/features/staff/components/staff-area.tsx (the staff area, in assets/root.js)',
    );
    expect(verdict(result)).toBe('JS budget: FAILED (the staff area in the first load)');
  });
});

describe('formatReport', () => {
  it('prints the totals, the files, the largest modules and the verdict', () => {
    const report = formatReport(
      evaluateBudget([
        file('assets/root.js', 1_234, { 'app/root.tsx': 3_000, 'app/small.ts': 1_000 }),
        file('assets/framework.js', 90_000, { 'node_modules/react-dom/x.js': 300_000 }),
      ]),
      { top: 2 },
    );
    expect(report).toContain(
      'First-load JavaScript of / (anonymous visitor): 91,234 B brotli, 100,357 B gzip, ' +
        '304,000 B minified, in 2 files.',
    );
    expect(report).toContain('Budget: 100,000 B brotli (100 KB, 1 KB = 1000 B); 8,766 B to spare.');
    expect(report).toMatch(/90,000 +99,000 +300,000 {2}assets\/framework\.js/);
    expect(report).toMatch(/≈90,000 +300,000 {2}node_modules\/react-dom\/x\.js/);
    expect(report).toMatch(/≈926 +3,000 {2}app\/root\.tsx/);
    expect(report).not.toContain('app/small.ts');
    expect(report.endsWith('JS budget: OK')).toBe(true);
  });

  it('names the MSAL modules and the excess on failure', () => {
    const report = formatReport(
      evaluateBudget([
        file('assets/a.js', 100_500, { 'node_modules/@azure/msal-common/x.mjs': 10 }),
      ]),
    );
    expect(report).toContain('500 B over.');
    expect(report).toContain('  node_modules/@azure/msal-common/x.mjs (MSAL, in assets/a.js)');
    expect(
      report.endsWith('JS budget: FAILED (500 B over the budget; MSAL in the first load)'),
    ).toBe(true);
  });
});
