import type { ReactNode } from 'react';
import type { StudentRecord } from '@institute/shared/contract';
import { useGrowingList } from '../api/students';
import ui from '../../../components/admin-ui.module.css';

type List = 'payments' | 'emails' | 'notes';
type Item<L extends List> = StudentRecord[L]['items'][number];

/** The first page from the record, then "Show older" a page at a time. */
export function GrowingList<L extends List>({ record, list, noun, render }: {
  record: StudentRecord; list: L; noun: string; render(items: Item<L>[]): ReactNode;
}) {
  const pages = useGrowingList(record.user._id, list, record[list]);
  const items = (pages.data?.pages ?? [record[list]]).flatMap((page) => page.items as Item<L>[]);
  return (
    <>
      {items.length === 0 ? <p className={ui.muted}>No {noun} yet.</p> : render(items)}
      {pages.isError ? <p role="alert" className={ui.error}>Older {noun} could not be loaded.</p> : null}
      {pages.hasNextPage ? (
        <button type="button" className={`${ui.secondary} ${ui.small}`} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Loading...' : `Show older ${noun}`}
        </button>
      ) : null}
    </>
  );
}
