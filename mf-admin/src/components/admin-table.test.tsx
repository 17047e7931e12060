import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminTable, type Column } from './admin-table';

interface Course { id: string; title: string; price: number }
type Order = 'newest' | 'name' | 'price-asc' | 'price-desc';

const COURSES: Course[] = [{ id: 'c1', title: 'Phlebotomy', price: 2400 }, { id: 'c2', title: 'Medical Billing', price: 900 }];
const COLUMNS: Column<Course, Order>[] = [
  { header: 'Title', cell: (c) => c.title, rowHeader: true, sort: { ascending: 'name' } },
  { header: 'Price', cell: (c) => `$${c.price}`, sort: { ascending: 'price-asc', descending: 'price-desc' } },
  { header: 'Actions', cell: (c) => <button type="button">Edit {c.title}</button> },
];

function Sorted({ initial = 'newest', onSort }: { initial?: Order; onSort?: (order: Order) => void }) {
  const [order, setOrder] = useState<Order>(initial);
  const sort = { value: order, onSort: (next: Order) => { setOrder(next); onSort?.(next); } };
  return <AdminTable caption="All Courses" columns={COLUMNS} rows={COURSES} rowKey={(c) => c.id} empty="No courses found" sort={sort} />;
}

test('a caption, a header per column, and a row per item whose cells carry their column name for the cards layout', () => {
  render(<Sorted />);
  const table = screen.getByRole('table', { name: 'All Courses' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Price', 'Actions']);
  expect(table).toHaveClass('cards');
  const row = within(table).getByRole('row', { name: /Phlebotomy/ });
  const header = within(row).getByRole('rowheader');
  expect(header).toHaveTextContent('Phlebotomy');
  expect(header).toHaveAttribute('data-label', 'Title');
  expect(within(row).getAllByRole('cell').map((td) => [td.getAttribute('data-label'), td.textContent]))
    .toEqual([['Price', '$2400'], ['Actions', 'Edit Phlebotomy']]);
});

test('an empty list shows its empty text and no table', () => {
  render(<AdminTable caption="All Courses" columns={COLUMNS} rows={[]} rowKey={(c) => c.id} empty="No courses found" />);
  expect(screen.getByText('No courses found')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('headers of orderable columns are buttons that ask for the order and show it with aria-sort', async () => {
  const asked: Order[] = [];
  render(<Sorted onSort={(order) => asked.push(order)} />);
  const price = () => screen.getByRole('columnheader', { name: 'Price' });
  expect(price()).toHaveAttribute('aria-sort', 'none');
  expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
  expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Price' }));
  expect(price()).toHaveAttribute('aria-sort', 'ascending');
  await userEvent.click(screen.getByRole('button', { name: 'Price' }));
  expect(price()).toHaveAttribute('aria-sort', 'descending');
  await userEvent.click(screen.getByRole('button', { name: 'Price' }));
  // A column with one order asks for it again rather than for nothing.
  await userEvent.click(screen.getByRole('button', { name: 'Title' }));
  await userEvent.click(screen.getByRole('button', { name: 'Title' }));
  expect(asked).toEqual(['price-asc', 'price-desc', 'price-asc', 'name', 'name']);
  expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
  expect(price()).toHaveAttribute('aria-sort', 'none');
});

test('the order a list opens on shows on its header; without a sort the headers are plain text', () => {
  const { unmount } = render(<Sorted initial="price-desc" />);
  expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
  unmount();
  render(<AdminTable caption="All Courses" columns={COLUMNS} rows={COURSES} rowKey={(c) => c.id} empty="None" />);
  expect(screen.queryByRole('button', { name: 'Price' })).not.toBeInTheDocument();
});

test('a scrolling list is a named region reachable by keyboard; columns left out and the current row are honoured', () => {
  const columns = [COLUMNS[0]!, false as const, COLUMNS[1]!];
  render(<AdminTable caption="All Courses" captionHidden columns={columns} rows={COURSES} rowKey={(c) => c.id} empty="None" scroll busy
    isCurrent={(c) => c.id === 'c2'} />);
  const region = screen.getByRole('region', { name: 'All Courses' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveClass('scroll');
  const table = screen.getByRole('table', { name: 'All Courses' });
  expect(table).toHaveAttribute('aria-busy', 'true');
  expect(table.querySelector('caption')).toHaveClass('visuallyHidden');
  expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
  expect(screen.getByRole('row', { name: /Medical Billing/ })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('row', { name: /Phlebotomy/ })).not.toHaveAttribute('aria-current');
});

test('a region that does not scroll is named but not a tab stop; a plain table is no landmark', () => {
  const { unmount } = render(<AdminTable caption="All Courses" columns={COLUMNS} rows={COURSES} rowKey={(c) => c.id} empty="None" region />);
  expect(screen.getByRole('region', { name: 'All Courses' })).not.toHaveAttribute('tabindex');
  unmount();
  render(<AdminTable caption="All Courses" columns={COLUMNS} rows={COURSES} rowKey={(c) => c.id} empty="None" />);
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});
