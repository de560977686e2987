#!/usr/bin/env node
/**
 * `npm run audit:prod`: the production dependencies (`npm audit --omit=dev`) must have no high or
 * critical advisory, unless the advisory is listed in scripts/audit-exceptions.json with the reason
 * it does not affect us (and, ideally, the date by which to look again).
 *
 * Exit codes: 0 nothing to fix; 1 a high or critical advisory without an exception (or an invalid
 * exceptions file); 2 the audit could not run (registry or network unreachable, unexpected output)
 * and AUDIT_REQUIRED=1 is set. Without AUDIT_REQUIRED the audit that cannot run is SKIPPED with the
 * reason printed (exit 0): the registry mirror of this project's own machines and CI serves
 * packages but answers 405 to the advisory service (docs/decisions/011). Set AUDIT_REQUIRED=1 where
 * the public registry is reachable (a release pipeline) so that a failed audit fails the build.
 *
 *   node scripts/audit-prod.mjs                  # runs npm audit
 *   node scripts/audit-prod.mjs --report a.json  # reads a saved `npm audit --omit=dev --json`
 *
 * An exception: { "advisory": "GHSA-xxxx-xxxx-xxxx", "package": "name", "reason": "why it does not
 * affect us", "expires": "YYYY-MM-DD" }. `package` is optional (the advisory id is enough);
 * `expires` is optional too, and past it the exception no longer applies.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXCEPTIONS_FILE = path.join(ROOT, 'scripts', 'audit-exceptions.json');
const FAILING = new Set(['high', 'critical']);
const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];
const TIMEOUT_MS = 120_000;

function cannotAudit(message) {
  const required = process.env.AUDIT_REQUIRED === '1';
  const log = required ? console.error : console.warn;
  log(`audit:prod: ${required ? 'FAILED' : 'SKIPPED'}, the audit could not run. ${message}`);
  log(
    "audit:prod: it needs the npm registry's advisory service (POST /-/npm/v1/security/advisories/bulk). " +
      'Check the network and `npm config get registry`.' +
      (required ? '' : ' Set AUDIT_REQUIRED=1 to make this a failure.'),
  );
  process.exit(required ? 2 : 0);
}

function policyError(message) {
  console.error(`audit:prod: ${message}`);
  process.exit(1);
}

/** The `npm audit --omit=dev --json` report (from npm, or a saved file with --report). */
function readReport() {
  const at = process.argv.indexOf('--report');
  if (at !== -1) {
    const file = process.argv[at + 1];
    if (!file) policyError('--report needs a file.');
    return { text: readFileSync(file, 'utf8'), stderr: '' };
  }
  // Through the npm that runs this script when there is one (npm run), else the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] =
    npmCli && /\.c?js$/.test(npmCli)
      ? [process.execPath, [npmCli, 'audit', '--omit=dev', '--json']]
      : ['npm', ['audit', '--omit=dev', '--json']];
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: TIMEOUT_MS,
  });
  if (result.error) {
    cannotAudit(
      result.error.code === 'ETIMEDOUT'
        ? `npm audit took longer than ${TIMEOUT_MS / 1000} s.`
        : `npm audit did not start: ${result.error.message}`,
    );
  }
  return { text: result.stdout, stderr: result.stderr ?? '' };
}

function parseReport({ text, stderr }) {
  let report;
  try {
    report = JSON.parse(text);
  } catch {
    const lastLines = stderr.trim().split('\n').slice(-3).join(' | ');
    cannotAudit(`npm audit printed no JSON report${lastLines ? ` (${lastLines})` : ''}.`);
  }
  if (report && typeof report === 'object' && report.vulnerabilities && report.metadata) {
    return report;
  }
  // npm prints the failed request as JSON: {message, statusCode, ...} or {error: {code, summary}}.
  const reason =
    report?.message ??
    report?.error?.summary ??
    report?.error?.code ??
    (typeof report?.error === 'string' ? report.error : undefined) ??
    'unknown answer';
  const code = report?.statusCode ?? report?.error?.code;
  cannotAudit(
    `npm audit answered: ${reason}${code && !String(reason).includes(code) ? ` (${code})` : ''}.`,
  );
  return undefined;
}

function loadExceptions() {
  let data;
  try {
    data = JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8'));
  } catch (error) {
    policyError(`cannot read ${path.relative(ROOT, EXCEPTIONS_FILE)}: ${error.message}`);
  }
  const list = data?.exceptions;
  if (!Array.isArray(list)) policyError('audit-exceptions.json needs an "exceptions" array.');
  const today = new Date().toISOString().slice(0, 10);
  return list.map((entry, index) => {
    const where = `audit-exceptions.json, exception ${index + 1}`;
    if (
      typeof entry?.advisory !== 'string' ||
      !/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|\d+)$/.test(entry.advisory)
    ) {
      policyError(
        `${where}: "advisory" must be a GHSA id (GHSA-xxxx-xxxx-xxxx) or npm's numeric id.`,
      );
    }
    if (typeof entry.reason !== 'string' || entry.reason.trim().length < 10) {
      policyError(`${where} (${entry.advisory}): give the "reason" it does not affect us.`);
    }
    if (entry.expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires)) {
      policyError(`${where} (${entry.advisory}): "expires" must be YYYY-MM-DD.`);
    }
    return { ...entry, expired: entry.expires !== undefined && entry.expires < today, used: false };
  });
}

/** Each advisory once: its ids, severity, packages and the installed ranges it affects. */
function advisoriesOf(report) {
  const byId = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || via === null) continue; // a dependency that has advisories
      const ghsa = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(via.url ?? '')?.[0];
      const id = ghsa ?? String(via.source);
      const advisory = byId.get(id) ?? {
        id,
        source: String(via.source),
        title: via.title ?? '(no title)',
        url: via.url ?? '',
        severity: via.severity ?? vulnerability.severity,
        packages: new Set(),
        fix: vulnerability.fixAvailable,
      };
      advisory.packages.add(`${via.name ?? vulnerability.name}@${via.range ?? '*'}`);
      byId.set(id, advisory);
    }
  }
  return [...byId.values()];
}

function exceptionFor(advisory, exceptions) {
  return exceptions.find(
    (exception) =>
      (exception.advisory === advisory.id || exception.advisory === advisory.source) &&
      (exception.package === undefined ||
        [...advisory.packages].some((p) => p.startsWith(`${exception.package}@`))),
  );
}

const report = parseReport(readReport());
const exceptions = loadExceptions();
const advisories = advisoriesOf(report);
const counts = report.metadata.vulnerabilities ?? {};
const dependencies = report.metadata.dependencies ?? {};

console.log(
  `audit:prod: ${dependencies.prod ?? dependencies.total ?? '?'} production dependencies audited; ` +
    `vulnerable packages by severity: ${SEVERITIES.map((s) => `${s} ${counts[s] ?? 0}`).join(', ')}.`,
);

const failures = [];
for (const advisory of advisories.sort(
  (a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity),
)) {
  const packages = [...advisory.packages].join(', ');
  const line = `  ${advisory.severity.padEnd(8)} ${advisory.id} ${packages}: ${advisory.title} ${advisory.url}`;
  if (!FAILING.has(advisory.severity)) {
    console.log(`${line} (not failing: below high)`);
    continue;
  }
  const exception = exceptionFor(advisory, exceptions);
  if (exception) exception.used = true;
  if (exception && !exception.expired) {
    console.log(
      `${line}\n           excepted: ${exception.reason}${exception.expires ? ` (until ${exception.expires})` : ''}`,
    );
  } else {
    failures.push(advisory);
    const fix =
      advisory.fix === true
        ? ' A fix is available: npm audit fix --omit=dev.'
        : typeof advisory.fix === 'object' && advisory.fix
          ? ` A fix is available in ${advisory.fix.name}@${advisory.fix.version}${advisory.fix.isSemVerMajor ? ' (a major version)' : ''}.`
          : '';
    console.log(
      `${line}\n           FAILS${exception?.expired ? ` (its exception expired on ${exception.expires})` : ''}.${fix}`,
    );
  }
}

for (const exception of exceptions.filter((e) => !e.used)) {
  console.log(
    `audit:prod: note: the exception for ${exception.advisory} no longer matches any high or critical advisory; remove it from audit-exceptions.json.`,
  );
}

if (failures.length > 0) {
  policyError(
    `${failures.length} high or critical ${failures.length === 1 ? 'advisory' : 'advisories'} in production dependencies. ` +
      'Upgrade, or add an exception with its reason to scripts/audit-exceptions.json.',
  );
}
console.log('audit:prod: no high or critical advisory without an exception.');
