// The file-size goal of decision 047's follow-up (issue 32): source files short enough to read at once. Tests,
// journeys, seed data and the PayPal SDK stand-in are not counted: they are long by nature, not by design.
const NOT_SOURCE = [
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)(test|tests|testing|__tests__|__mocks__)\//,
  /^e2e\//,
  /^faults\//,
  /\.d\.ts$/,
  /(^|\/)seed[^/]*\//,
  /(^|\/)seed[^/]*\.[cm]?[jt]s$/,
  /^sandbox\/src\/paypal\/sdk-script\.js$/,
];
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;

/** @param {string} file */
export function isCountedSource(file) {
  return SOURCE.test(file) && !NOT_SOURCE.some((pattern) => pattern.test(file));
}

/** @param {number[]} sorted ascending */
export function median(sorted) {
  if (!sorted.length) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Lines as an editor counts them: a last line without its newline still counts.
 * @param {string} text */
export function countLines(text) {
  if (!text) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * @param {{ file: string, lines: number }[]} files
 * @param {{ limit: number }} options
 */
export function summarize(files, { limit }) {
  const counted = files.filter((entry) => isCountedSource(entry.file));
  const lines = counted.map((entry) => entry.lines).sort((a, b) => a - b);
  const over = counted.filter((entry) => entry.lines > limit).sort((a, b) => b.lines - a.lines);
  return { files: counted.length, median: median(lines), longest: lines.at(-1) ?? 0, over };
}
