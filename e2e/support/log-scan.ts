/**
 * Global teardown: after the whole run, reads every server's log (the suite's server and the
 * sign-in servers of support/sign-in-server.ts, all at `info`, in E2E_LOG_DIR) and fails the run
 * when a line holds a password, an e-mail, a phone, a birth date or a name the tests typed, anything
 * shaped like a JWT, an Authorization or Bearer value, a cookie, or a field named like a secret.
 * The offending lines are reported by file and number, with the match redacted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the specs and support/accounts.ts type into the forms (kept in step with them by hand). */
const TYPED_VALUES = [
  // Passwords (support/accounts.ts PASSWORD, sign-in.spec.ts).
  'uma-senha-segura-1',
  'not-the-password',
  // Phones as typed and as stored (support/accounts.ts, profile.spec.ts).
  '91234-5678',
  '11912345678',
  '912345678',
  '99876-5432',
  '21998765432',
  '998765432',
  // Birth dates (support/accounts.ts, sign-in.spec.ts), typed and ISO.
  '25/12/1990',
  '1990-12-25',
  '31/02/1990',
  // Names and e-mails (support/accounts.ts NAME, uniqueEmail(); sign-in.spec.ts).
  'Maria da Silva',
  'maria@example.org',
  'isto-nao-e-um-email',
];

interface Rule {
  name: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const RULES: readonly Rule[] = [
  ...TYPED_VALUES.map((value) => ({
    name: `a value the tests typed`,
    // Digits alone only as a whole number (not inside a timing like "responseTime":12.912345678).
    pattern: /^\d+$/.test(value)
      ? new RegExp(`(?<![\\d.])${value}(?!\\d)`, 'g')
      : new RegExp(escape(value), 'gi'),
  })),
  { name: 'a password the tests typed', pattern: /(?<![\w-])curta(?![\w-])/g },
  { name: 'an e-mail address', pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  {
    name: 'a phone number',
    pattern: /(?:\+55\s?)?\(\d{2}\)\s?9\d{4}-?\d{4}|\+55\s\d{2}\s9\d{4}-\d{4}/g,
  },
  { name: 'a date DD/MM/YYYY', pattern: /(?<!\d)\d{2}\/\d{2}\/\d{4}(?!\d)/g },
  { name: 'a JWT', pattern: /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g },
  { name: 'a Bearer value', pattern: /bearer\s+[\w.~+/-]+=*/gi },
  { name: 'an Authorization header', pattern: /"authorization"\s*:/gi },
  { name: 'a cookie', pattern: /"(?:set-)?cookie"\s*:|\bidp_[a-z_]+(?:\.sig)?=|[\w-]+\.sig=/gi },
  {
    name: 'a secret-named field',
    pattern:
      /"(?:senha|password|passwd|pwd|secret|access_token|refresh_token|id_token|code_verifier|token|id_token_hint|client_assertion)"\s*:/gi,
  },
  {
    name: 'a credential in a query string',
    pattern:
      /[?&](?:code|token|access_token|id_token|id_token_hint|refresh_token|state|senha|email)=/gi,
  },
];

export interface Finding {
  file: string;
  line: number;
  rule: string;
  /** The line with every match of every rule replaced by [REDACTED], shortened. */
  redacted: string;
}

export function scanLog(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    const hits = RULES.filter((rule) => {
      rule.pattern.lastIndex = 0;
      return rule.pattern.test(line);
    });
    if (hits.length === 0) return;
    let redacted = line;
    for (const rule of RULES) redacted = redacted.replace(rule.pattern, '[REDACTED]');
    findings.push({
      file,
      line: index + 1,
      rule: [...new Set(hits.map((hit) => hit.name))].join(', '),
      redacted: redacted.length > 240 ? `${redacted.slice(0, 240)}…` : redacted,
    });
  });
  return findings;
}

interface LogLine {
  level?: number;
  msg?: string;
}

export default function scanServerLogs(): void {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error('E2E_LOG_DIR is not set: playwright.config.ts sets it.');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .sort();
  if (!files.includes('server.log')) {
    throw new Error(`No server.log in ${dir}: the suite's server did not log to its file.`);
  }

  const findings: Finding[] = [];
  let lines = 0;
  let requests = 0;
  const problems: string[] = [];
  for (const name of files) {
    const text = readFileSync(join(dir, name), 'utf8');
    findings.push(...scanLog(name, text));
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      lines += 1;
      let entry: LogLine;
      try {
        entry = JSON.parse(raw) as LogLine;
      } catch {
        continue;
      }
      if (entry.msg === 'request completed') requests += 1;
      if ((entry.level ?? 0) >= 40 && problems.length < 20) {
        problems.push(`  ${name}: ${(entry.level ?? 0) >= 50 ? 'error' : 'warning'}: ${entry.msg}`);
      }
    }
  }
  // Logging at info logs every request: none means the scan would prove nothing.
  if (requests === 0) {
    throw new Error(`The server logs in ${dir} hold no request: were they written at info level?`);
  }

  console.info(
    `Server logs scanned: ${files.length} files, ${lines} lines, ${requests} requests (${dir}).`,
  );
  if (problems.length > 0) console.info(`Warnings and errors logged:\n${problems.join('\n')}`);
  if (findings.length > 0) {
    throw new Error(
      `Personal data or secrets in the server logs (${findings.length} lines, in ${dir}):\n${findings
        .slice(0, 50)
        .map((f) => `  ${f.file}:${f.line}: ${f.rule}\n    ${f.redacted}`)
        .join('\n')}`,
    );
  }
}
