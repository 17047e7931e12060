export type Cell = string | number;

/** A text cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
function neutralize(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: Cell): string {
  const text = typeof value === 'number' ? String(value) : neutralize(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma separated, CRLF between records, quotes doubled inside quoted fields. */
export function toCsv(rows: Cell[][]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}
