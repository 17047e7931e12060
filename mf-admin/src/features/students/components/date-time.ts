import { formatDate } from '@institute/shared/rules';

/** dd.mm.yyyy HH:MM in the admin's own time zone, as the inquiries inbox shows times. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
