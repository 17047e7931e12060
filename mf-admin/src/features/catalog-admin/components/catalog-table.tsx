import type { CourseCard } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import type { AdminCatalogSort } from '../api/catalog';
import type { CatalogKind } from '../types';
import { AdminTable, type Column, type TableSort } from '../../../components/admin-table';
import ui from '../../../components/admin-ui.module.css';
import { EditDeleteActions } from '../../../components/edit-delete-actions';

interface Props {
  kind: CatalogKind;
  items: CourseCard[];
  empty: string;
  sort: TableSort<AdminCatalogSort>;
  deletingId: string | undefined;
  onEdit(item: CourseCard): void;
  onDelete(item: CourseCard): void;
}

export function CatalogTable({ kind, items, empty, sort, deletingId, onEdit, onDelete }: Props) {
  const columns: Column<CourseCard, AdminCatalogSort>[] = [
    { header: 'Title', cell: (item) => item.title, className: ui.wrapAnywhere, sort: { ascending: 'name' } },
    { header: 'Price', cell: (item) => formatMoney(Number(item.price)), sort: { ascending: 'price-asc', descending: 'price-desc' } },
    { header: 'Duration', cell: (item) => item.duration, sort: { ascending: 'duration' } },
    { header: 'Credential', cell: (item) => item.credential },
    {
      header: 'Actions',
      cell: (item) => <EditDeleteActions title={item.title} deleting={deletingId === item._id} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />,
    },
  ];
  return <AdminTable caption={`All ${kind.noun}s`} columns={columns} rows={items} rowKey={(item) => item._id} empty={empty} sort={sort} region scroll={kind.scrollList} />;
}
