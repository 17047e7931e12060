import ui from './admin-ui.module.css';

/** Previous/next through a server-paged list, with where we are and how many rows match in all. */
export function Pager({ page, limit, total, noun, onPage }: { page: number; limit: number; total: number; noun: string; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className={ui.pager} aria-label={`Pages of ${noun}`}>
      <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span role="status">Page {Math.min(page, pages)} of {pages} · {total} {noun}</span>
      <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
