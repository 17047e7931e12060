import styles from './ui.module.css';

interface LoadMoreProps {
  /** What the list holds, plural ("courses"). */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
  /** Shown and announced above the button when the page has no count of its own. */
  count?: { shown: number; total: number };
}

/**
 * The end of a paged list: a real button a keyboard reaches ("Load more courses"), which stays focused while the
 * next page arrives above it; nothing once every item is shown.
 */
export function LoadMore({ noun, hasMore, loading, onMore, count }: LoadMoreProps) {
  if (!hasMore && !count) return null;
  return (
    <div className={styles.loadMore}>
      {count ? <p role="status" className={styles.loadMoreCount}>Showing {count.shown} of {count.total} {noun}</p> : null}
      {hasMore ? (
        <button type="button" className={styles.loadMoreButton} onClick={onMore} aria-disabled={loading || undefined}>
          {loading ? `Loading more ${noun}...` : `Load more ${noun}`}
        </button>
      ) : null}
    </div>
  );
}
