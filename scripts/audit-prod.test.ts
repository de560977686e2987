/**
 * `npm run audit:prod`'s policy, on saved `npm audit --omit=dev --json` reports: a high or critical
 * advisory fails the build, a lower one does not, and a registry without the advisory service is a
 * printed skip unless AUDIT_REQUIRED=1 (docs/decisions/011).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./audit-prod.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'centro-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function audit(report: unknown, env: Record<string, string> = {}) {
  const file = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(report));
  const result = spawnSync(process.execPath, [SCRIPT, '--report', file], {
    encoding: 'utf8',
    env: { ...process.env, AUDIT_REQUIRED: '', ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const metadata = (severity?: string) => ({
  vulnerabilities: {
    info: 0,
    low: 0,
    moderate: 0,
    high: 0,
    critical: 0,
    ...(severity ? { [severity]: 1 } : {}),
  },
  dependencies: { prod: 120, total: 120 },
});

const reportWith = (severity: string) => ({
  vulnerabilities: {
    'some-lib': {
      name: 'some-lib',
      severity,
      via: [
        {
          source: 1234,
          name: 'some-lib',
          title: 'Prototype pollution in some-lib',
          url: 'https://github.com/advisories/GHSA-2345-6789-cfgh',
          severity,
          range: '<1.2.3',
        },
      ],
      fixAvailable: true,
    },
  },
  metadata: metadata(severity),
});

describe('audit:prod', () => {
  it('passes a report without advisories', () => {
    const { status, output } = audit({ vulnerabilities: {}, metadata: metadata() });
    expect(status).toBe(0);
    expect(output).toContain('120 production dependencies audited');
  });

  it.each(['high', 'critical'])('fails on a %s advisory, naming it', (severity) => {
    const { status, output } = audit(reportWith(severity));
    expect(status).toBe(1);
    expect(output).toContain('GHSA-2345-6789-cfgh');
    expect(output).toContain('some-lib');
  });

  it('lets a moderate advisory through, listed', () => {
    const { status, output } = audit(reportWith('moderate'));
    expect(status).toBe(0);
    expect(output).toContain('GHSA-2345-6789-cfgh');
  });

  it('skips, saying so, when the registry has no advisory service; fails when required', () => {
    const refusal = {
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    };
    const skipped = audit(refusal);
    expect(skipped.status).toBe(0);
    expect(skipped.output).toContain('SKIPPED');
    expect(skipped.output).toContain('405 Method Not Allowed');
    const required = audit(refusal, { AUDIT_REQUIRED: '1' });
    expect(required.status).toBe(2);
    expect(required.output).toContain('FAILED');
  });
});
