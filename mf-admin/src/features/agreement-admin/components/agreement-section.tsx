import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementApi, apiErrorMessage, classSessionKeys } from '@institute/shared/api';
import type { Agreement } from '@institute/shared/contract';
import { formatDay } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import ui from '../../../components/admin-ui.module.css';

const VERSION_COLUMNS: Column<Agreement>[] = [
  { header: 'Version', cell: (v) => v.version },
  { header: 'Title', cell: (v) => v.title, className: ui.wrapAnywhere },
  { header: 'Published', cell: (v) => formatDay(v.publishedAt) },
];

/**
 * The enrollment agreement's versions (issue 29). Publishing makes a new version current; earlier versions stay
 * as they were, since students' acceptances name the version they read. The form starts from the current text.
 */
export function AgreementSection() {
  const id = useId();
  const client = useQueryClient();
  const versions = useQuery({ queryKey: classSessionKeys.agreementVersions, queryFn: agreementApi.versions });
  const current: Agreement | undefined = versions.data?.reduce<Agreement | undefined>((top, v) => (!top || v.version > top.version ? v : top), undefined);
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const values = draft ?? { title: current?.title ?? 'Enrollment agreement', body: current?.body ?? '' };
  const [notice, setNotice] = useState('');
  const publish = useMutation({
    mutationFn: agreementApi.publish,
    onSuccess: (published) => {
      setDraft(null);
      setNotice(`Version ${published.version} published.`);
      void client.invalidateQueries({ queryKey: classSessionKeys.agreement });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    publish.mutate({ title: values.title.trim(), body: values.body.trim() });
  };

  if (versions.isPending) return <Spinner label="Loading the agreement..." />;
  if (versions.isError) return <ErrorState>The agreement could not be loaded.</ErrorState>;
  return (
    <>
      <p role="status" className={notice ? ui.success : undefined}>{notice}</p>
      <form className={ui.form} aria-label="Publish a new version" onSubmit={submit}>
        <h2 className={`${ui.subtitle} ${ui.wide}`}>{current ? `Current: version ${current.version}, published ${formatDay(current.publishedAt)}` : 'No agreement published yet'}</h2>
        {publish.isError ? <p role="alert" className={`${ui.error} ${ui.wide}`}>{apiErrorMessage(publish.error)}</p> : null}
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} className={ui.input} value={values.title} maxLength={200} onChange={(e) => setDraft({ ...values, title: e.target.value })} />
        </div>
        <div className={`${ui.field} ${ui.wide}`}>
          <label htmlFor={`${id}-body`}>Text (refund policy, attendance, what the price covers; a blank line between paragraphs)</label>
          <textarea id={`${id}-body`} className={ui.textarea} rows={12} value={values.body} onChange={(e) => setDraft({ ...values, body: e.target.value })} />
        </div>
        <div className={ui.formActions}>
          <button type="submit" className={ui.button} disabled={publish.isPending}>{publish.isPending ? 'Publishing...' : 'Publish new version'}</button>
        </div>
      </form>
      {versions.data.length > 0 ? (
        <>
          <h2 className={ui.subtitle}>Versions</h2>
          <AdminTable caption="Published versions, latest first" captionHidden columns={VERSION_COLUMNS} rows={[...versions.data].sort((a, b) => b.version - a.version)}
            rowKey={(v) => String(v.version)} empty={null} />
        </>
      ) : null}
    </>
  );
}
