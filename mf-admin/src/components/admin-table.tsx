import type { ReactNode } from 'react';
import { EmptyState } from '@institute/shared/ui';
import ui from './admin-ui.module.css';

/** One column of an admin table. */
export interface Column<T, S extends string = string> {
  /** The column's name: its header, and each cell's label when the rows are cards. */
  header: string;
  cell(row: T): ReactNode;
  /** The cell names its row (`th scope="row"`), as in a table of figures. */
  rowHeader?: boolean;
  className?: string;
  /** The list's orders that this column's header switches between; a first click takes `ascending` if there is one. */
  sort?: { ascending?: S; descending?: S };
}

/** The list's order, as the section keeps it (for most sections, in the URL). */
export interface TableSort<S extends string> {
  value: S;
  onSort(value: S): void;
}

interface Props<T, S extends string> {
  caption: string;
  /** A heading above already names the table: the caption is for screen readers only. */
  captionHidden?: boolean;
  /** `false` leaves a column out (a column that only some lists show). */
  columns: readonly (Column<T, S> | false)[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** What an empty list says, in place of the table. */
  empty: ReactNode;
  sort?: TableSort<S>;
  /** A newer answer is being read; the rows shown stay until it comes. */
  busy?: boolean;
  /** The table's box is a region named by the caption (a landmark to jump to, on a page of one main list). */
  region?: boolean;
  /** A long list scrolls in a box of its own, a region reachable by keyboard to be scrolled. */
  scroll?: boolean;
  /** The row that is open elsewhere on the page (a detail beside the list). */
  isCurrent?(row: T): boolean;
  /** A section's own look on top of the shared one (column widths, denser cells). */
  className?: string;
}

type Direction = 'ascending' | 'descending';

const directionOf = <S extends string>(column: Column<unknown, S>, value: S | undefined): Direction | undefined => {
  if (value === undefined) return undefined;
  if (column.sort?.ascending === value) return 'ascending';
  return column.sort?.descending === value ? 'descending' : undefined;
};

/** The order a click on a header asks for: the other direction of the one shown, or the column's first. */
const nextOrder = <S extends string>(sort: NonNullable<Column<unknown, S>['sort']>, now: Direction | undefined): S =>
  (now === 'ascending' ? sort.descending ?? sort.ascending : sort.ascending ?? sort.descending) as S;

function Header<S extends string>({ column, sort }: { column: Column<unknown, S>; sort?: TableSort<S> }) {
  const direction = directionOf(column, sort?.value);
  if (!column.sort || !sort) return <th scope="col">{column.header}</th>;
  const order = column.sort;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <button type="button" className={ui.sortButton} onClick={() => sort.onSort(nextOrder(order, direction))}>{column.header}</button>
    </th>
  );
}

/**
 * Every admin list's table: a caption, a header row, one row per item. Below 48rem each row is a card, every cell
 * under its column's name (`data-label`), instead of a table that scrolls sideways on a phone; the header row stays
 * for screen readers. Headers of columns the list can be ordered by are buttons that change the list's order.
 */
export function AdminTable<T, S extends string = string>(props: Props<T, S>) {
  const { caption, captionHidden, rows, rowKey, empty, sort, busy, region, scroll, isCurrent, className } = props;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const columns = props.columns.filter((c): c is Column<T, S> => c !== false);
  const landmark = region || scroll ? { role: 'region', 'aria-label': caption, tabIndex: scroll ? 0 : undefined } : {};
  return (
    <div className={scroll ? `${ui.tableWrap} ${ui.scroll}` : ui.tableWrap} {...landmark}>
      <table className={[ui.table, ui.cards, className].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
        <caption className={captionHidden ? ui.visuallyHidden : undefined}>{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <Header key={c.header} column={c as Column<unknown, S>} sort={sort} />)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} aria-current={isCurrent?.(row) ? 'true' : undefined}>
              {columns.map((c) => {
                const Cell = c.rowHeader ? 'th' : 'td';
                return <Cell key={c.header} scope={c.rowHeader ? 'row' : undefined} data-label={c.header} className={c.className}>
                  {/* One box, so that a value of several parts stays beside its label on a card. */}
                  <div>{c.cell(row)}</div>
                </Cell>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
