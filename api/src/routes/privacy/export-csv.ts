import type { StudentExport } from '../../repositories/privacy';
import { csvCell } from '../enrollments/mapper';

/**
 * One CSV in "long" form, one line per field: section, row, field, value. The sections differ in columns, and one
 * file opens in any spreadsheet without an archive tool (decision 048). Row numbers start at 1 in each section.
 */
export function exportCsv(data: StudentExport): string {
  const lines: string[] = [['section', 'row', 'field', 'value'].map(csvCell).join(',')];
  const add = (section: string, row: number, record: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(record)) {
      const cell = value === null || value === undefined ? '' : typeof value === 'number' ? value : String(value);
      lines.push([section, row, field, cell].map(csvCell).join(','));
    }
  };
  add('account', 1, data.account);
  for (const [section, rows] of Object.entries(data.sections)) rows.forEach((row, index) => add(section, index + 1, row));
  // A byte order mark, so a spreadsheet reads the accents of a name as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
