// The rush benchmark's statistics: medians, percentiles, rounding and how a spread is printed.

/** The median of `values` (the mean of the two middle ones when their number is even). */
export const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const round = (value, digits = 0) => Number(value.toFixed(digits));

/** The p-quantile of `values` (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

// Ratios to the hello-world, with two decimals: one would print 1.54 as 1.5 beside "missed".
export const spread = (values, digits = 2) =>
  values.length > 1
    ? `${round(median(values), digits)} (${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)})`
    : String(round(values[0] ?? NaN, digits));
export const same = (values) => (new Set(values).size === 1 ? String(values[0]) : values.join('/'));
