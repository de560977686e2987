// @ts-check
/**
 * The JS budget's report, printed by `scripts/check-js-budget.mjs` on success and on failure, and
 * its verdict. What is counted and how: js-budget.mjs.
 */

/** @typedef {import('./js-budget.mjs').BudgetResult} BudgetResult */

const number = (/** @type {number} */ n) => n.toLocaleString('en-US');
const column = (/** @type {string} */ text, /** @type {number} */ width) => text.padStart(width);

/**
 * The report printed by the check, on success and on failure.
 * @param {BudgetResult} result
 * @param {{ page?: string, top?: number }} [options] `page` names the load (and who loads it).
 * @returns {string}
 */
export function formatReport(result, { page = '/ (anonymous visitor)', top = 12 } = {}) {
  const { total, budget } = result;
  const spare = budget - total.br;
  const lines = [
    `First-load JavaScript of ${page}: ${number(total.br)} B brotli, ` +
      `${number(total.gz)} B gzip, ${number(total.raw)} B minified, in ${result.files.length} files.`,
    `Budget: ${number(budget)} B brotli (${number(budget / 1000)} KB, 1 KB = 1000 B); ` +
      (spare >= 0 ? `${number(spare)} B to spare.` : `${number(-spare)} B over.`),
    '',
    'Files (brotli, gzip, minified):',
    ...result.files.map(
      (f) =>
        `${column(number(f.br), 9)} ${column(number(f.gz), 9)} ${column(number(f.raw), 9)}  ${f.file}`,
    ),
    '',
    `Largest modules (≈ brotli: their share of their file's minified bytes; minified bytes):`,
    ...result.modules
      .slice(0, top)
      .map((m) => `${column(`≈${number(m.br)}`, 9)} ${column(number(m.bytes), 9)}  ${m.id}`),
  ];
  if (result.forbidden.length > 0) {
    lines.push(
      '',
      'In the first load, but must stay behind a dynamic import or its own route:',
      ...result.forbidden.map((m) => `  ${m.module} (${m.what}, in ${m.file})`),
    );
  }
  lines.push('', verdict(result));
  return lines.join('\n');
}

/** One line: OK, or what failed. */
export function verdict(/** @type {BudgetResult} */ result) {
  /** @type {string[]} */
  const failures = [];
  if (!result.withinBudget) {
    failures.push(`${number(result.total.br - result.budget)} B over the budget`);
  }
  for (const what of new Set(result.forbidden.map((m) => m.what))) {
    failures.push(`${what} in the first load`);
  }
  return failures.length === 0 ? 'JS budget: OK' : `JS budget: FAILED (${failures.join('; ')})`;
}

/** Whether the check passes. */
export function passes(/** @type {BudgetResult} */ result) {
  return result.withinBudget && result.forbidden.length === 0;
}
