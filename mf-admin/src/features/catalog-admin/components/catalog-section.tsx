import { statusText } from '@institute/shared/api';
import { useState } from 'react';
import type { Course } from '@institute/shared/contract';
import { EmptyState, ErrorState, Spinner } from '@institute/shared/ui';
import { useCatalogList, useDeleteItem } from '../api/catalog';
import { COURSES, QUICK_PROGRAMS } from '../utils/kinds';
import type { CatalogKind } from '../types';
import { CatalogForm } from './catalog-form';
import { CatalogTable } from './catalog-table';
import ui from '../../../components/admin-ui.module.css';

export function CatalogSection({ kind }: { kind: CatalogKind }) {
  const list = useCatalogList(kind);
  const remove = useDeleteItem(kind);
  const [editing, setEditing] = useState<Course | null>(null);
  // A new key after each save gives a fresh, empty form in add mode.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState('');

  const startEdit = (item: Course) => {
    setNotice('');
    setEditing(item);
    setFormKey((k) => k + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const backToAdd = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const onDelete = (item: Course) => {
    if (!window.confirm(`Are you sure you want to delete this ${kind.nounLower}?`)) return;
    setNotice('');
    remove.mutate(item._id, {
      onSuccess: () => {
        if (editing?._id === item._id) backToAdd();
        setNotice(`${kind.noun} deleted.`);
      },
    });
  };

  return (
    <>
      <p role="status" className={notice ? ui.success : undefined}>{notice}</p>
      <CatalogForm
        key={formKey}
        kind={kind}
        editing={editing}
        onSaved={(how) => {
          backToAdd();
          setNotice(`${kind.noun} ${how}.`);
        }}
        onCancel={backToAdd}
      />
      <h2 className={ui.subtitle}>{`All ${kind.noun}s`}</h2>
      {remove.isError ? <p role="alert" className={ui.error}>{statusText(remove.error, kind.messages.remove)}</p> : null}
      {list.isPending ? (
        <Spinner label={`Loading ${kind.plural}...`} />
      ) : list.isError ? (
        // The spec's list-load texts are fixed, whatever the status; saves and deletes show the status.
        <ErrorState>{kind.messages.fetch}</ErrorState>
      ) : list.data.length === 0 ? (
        <EmptyState>{`No ${kind.plural} found`}</EmptyState>
      ) : (
        <CatalogTable
          kind={kind}
          items={list.data}
          deletingId={remove.isPending ? remove.variables : undefined}
          onEdit={startEdit}
          onDelete={onDelete}
        />
      )}
    </>
  );
}

export const CoursesSection = () => <CatalogSection kind={COURSES} />;
export const QuickProgramsSection = () => <CatalogSection kind={QUICK_PROGRAMS} />;
