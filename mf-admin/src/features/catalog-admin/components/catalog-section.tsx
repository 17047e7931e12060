import { statusText } from '@institute/shared/api';
import { useEffect, useState } from 'react';
import type { CourseCard } from '@institute/shared/contract';
import { ErrorState, LoadMore, Spinner } from '@institute/shared/ui';
import { ListToolbar } from '../../../components/list-toolbar';
import { useListFilters } from '../../../lib/use-list-filters';
import { ADMIN_CATALOG_SORTS, useCatalogItem, useCatalogPages, useDeleteItem } from '../api/catalog';
import { COURSES, QUICK_PROGRAMS } from '../utils/kinds';
import type { CatalogKind } from '../types';
import { CatalogForm } from './catalog-form';
import { CatalogTable } from './catalog-table';
import ui from '../../../components/admin-ui.module.css';

const SORT_KEYS = ADMIN_CATALOG_SORTS.map(([key]) => key);

export function CatalogSection({ kind }: { kind: CatalogKind }) {
  const filters = useListFilters(SORT_KEYS, 'newest');
  const list = useCatalogPages(kind, filters);
  const remove = useDeleteItem(kind);
  const [editingId, setEditingId] = useState<string | null>(null);
  const item = useCatalogItem(kind, editingId);
  // The table holds cards; the form opens on the whole item, read when Edit is pressed.
  const editing = editingId !== null && item.data?._id === editingId ? item.data : null;
  // A new key after each save gives a fresh, empty form in add mode.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState('');

  const startEdit = (card: CourseCard) => {
    setNotice('');
    setEditingId(card._id);
    setFormKey((k) => k + 1);
  };
  // Up to the form once it holds the item: scrolled at the click, the page would still change height under it.
  const openedId = editing?._id;
  useEffect(() => {
    if (openedId) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [openedId]);
  const backToAdd = () => {
    setEditingId(null);
    setFormKey((k) => k + 1);
  };
  const onDelete = (card: CourseCard) => {
    if (!window.confirm(`Are you sure you want to delete this ${kind.nounLower}?`)) return;
    setNotice('');
    remove.mutate(card._id, {
      onSuccess: () => {
        if (editingId === card._id) backToAdd();
        setNotice(`${kind.noun} deleted.`);
      },
    });
  };
  const searching = Boolean(filters.q);

  return (
    <>
      <p role="status" className={notice ? ui.success : undefined}>{notice}</p>
      {editingId !== null && !editing && item.isError ? (
        <p role="alert" className={ui.error}>{statusText(item.error, `Failed to load ${kind.nounLower}`)}</p>
      ) : null}
      {editingId !== null && !editing && !item.isError ? <Spinner label={`Loading ${kind.nounLower}...`} /> : (
        <CatalogForm
          key={`${formKey}:${editing?._id ?? ''}`}
          kind={kind}
          editing={editing}
          onSaved={(how) => {
            backToAdd();
            setNotice(`${kind.noun} ${how}.`);
          }}
          onCancel={backToAdd}
        />
      )}
      <h2 className={ui.subtitle}>{`All ${kind.noun}s`}</h2>
      <ListToolbar noun={kind.plural} search={filters.search} onSearch={filters.setSearch} sorts={ADMIN_CATALOG_SORTS} sort={filters.sort} onSort={filters.setSort} />
      {remove.isError ? <p role="alert" className={ui.error}>{statusText(remove.error, kind.messages.remove)}</p> : null}
      {list.isPending ? (
        <Spinner label={`Loading ${kind.plural}...`} />
      ) : list.isError ? (
        // The spec's list-load texts are fixed, whatever the status; saves and deletes show the status.
        <ErrorState>{kind.messages.fetch}</ErrorState>
      ) : (
        <>
          <CatalogTable
            kind={kind}
            items={list.items}
            empty={searching ? `No ${kind.plural} match “${filters.q}”` : `No ${kind.plural} found`}
            sort={{ value: filters.sort, onSort: filters.setSort }}
            deletingId={remove.isPending ? remove.variables : undefined}
            onEdit={startEdit}
            onDelete={onDelete}
          />
          {list.items.length > 0 ? (
            <LoadMore noun={kind.plural} hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore}
              count={{ shown: list.items.length, total: list.total }} />
          ) : null}
        </>
      )}
    </>
  );
}

export const CoursesSection = () => <CatalogSection kind={COURSES} />;
export const QuickProgramsSection = () => <CatalogSection kind={QUICK_PROGRAMS} />;
