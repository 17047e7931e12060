import { useState } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { Coupon, CouponInput } from '@institute/shared/contract';
import { formatDay, formatMoney } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { SearchForm, SortSelect } from '../../../components/list-controls';
import { Pager } from '../../../components/pager';
import { useCouponMutations, useCoupons } from '../api/coupons';
import { CouponForm } from './coupon-form';
import ui from '../../../components/admin-ui.module.css';

export const confirmDeactivate = (code: string) => `Deactivate coupon ${code}? Students can no longer apply it; uses already made stay.`;

const SORTS = [['-createdAt', 'Newest first'], ['code', 'Code (A-Z)'], ['endsOn', 'Ending soonest'], ['-used', 'Most used']] as const;
const FIRST_PAGE = { page: 1, limit: 20, sort: '-createdAt', q: '' };

export const discountText = (c: Coupon) => (c.kind === 'percent' ? `${c.percentOff ?? 0} % off` : `${formatMoney(c.amountOff ?? 0)} off`);
const validText = (c: Coupon) => {
  if (!c.startsOn && !c.endsOn) return 'Always';
  if (!c.endsOn) return `From ${formatDay(c.startsOn!)}`;
  return c.startsOn ? `${formatDay(c.startsOn)} – ${formatDay(c.endsOn)}` : `Until ${formatDay(c.endsOn)}`;
};
const usageText = (c: Coupon) => `${c.used}${c.maxRedemptions === null ? '' : ` of ${c.maxRedemptions}`}`;

type Editing = { coupon: Coupon | null } | null;

/** Coupon codes (issue 30): a paged, searched list with usage; create, edit and deactivate (never delete). */
export function CouponsSection() {
  const [query, setQuery] = useState(FIRST_PAGE);
  const coupons = useCoupons(query);
  const { save, deactivate } = useCouponMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState('');

  const onSave = (body: CouponInput) => {
    setNotice('');
    save.mutate({ id: editing?.coupon?.id ?? null, body }, {
      onSuccess: (saved) => {
        setEditing(null);
        setNotice(`Coupon ${saved.code} saved.`);
      },
    });
  };
  const onDeactivate = (coupon: Coupon) => {
    if (!window.confirm(confirmDeactivate(coupon.code))) return;
    setNotice('');
    deactivate.mutate(coupon.id, { onSuccess: (saved) => setNotice(`Coupon ${saved.code} deactivated.`) });
  };
  const open = (coupon: Coupon | null) => {
    save.reset();
    setNotice('');
    setEditing({ coupon });
  };

  const actions = (c: Coupon) => (
    <div className={ui.actions}>
      <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit coupon ${c.code}`} onClick={() => open(c)}>Edit</button>
      {c.active ? (
        <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Deactivate coupon ${c.code}`}
          disabled={deactivate.isPending && deactivate.variables === c.id} onClick={() => onDeactivate(c)}>Deactivate</button>
      ) : null}
    </div>
  );
  const columns: Column<Coupon>[] = [
    { header: 'Code', cell: (c) => <>{c.code}{c.description ? <span className={ui.muted}> · {c.description}</span> : null}</>, className: ui.wrapAnywhere, sort: { ascending: 'code' } },
    { header: 'Discount', cell: discountText },
    { header: 'Valid', cell: validText, sort: { ascending: 'endsOn' } },
    { header: 'Used', cell: usageText, sort: { descending: '-used' } },
    { header: 'For', cell: (c) => (c.allPrograms ? 'Every course and program' : `${c.programIds.length} chosen`) },
    { header: 'Status', cell: (c) => (c.active ? 'Active' : 'Inactive') },
    { header: 'Actions', cell: actions },
  ];

  return (
    <>
      {notice ? <p role="status" className={ui.success}>{notice}</p> : null}
      {deactivate.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(deactivate.error)}</p> : null}
      {editing ? (
        <CouponForm key={editing.coupon?.id ?? 'new'} coupon={editing.coupon} saving={save.isPending}
          error={save.isError ? apiErrorMessage(save.error) : null} onSave={onSave} onCancel={() => setEditing(null)} />
      ) : (
        <div className={ui.formActions}>
          <button type="button" className={ui.button} onClick={() => open(null)}>New coupon</button>
        </div>
      )}
      <div className={ui.listBar}>
        <SearchForm name="coupons" label="Code or description" value={query.q} onSearch={(q) => setQuery({ ...query, page: 1, q })} />
        <SortSelect sorts={SORTS} value={query.sort} onSort={(sort) => setQuery({ ...query, page: 1, sort })} />
      </div>
      {coupons.isPending ? <Spinner label="Loading coupons..." /> : coupons.isError ? <ErrorState>Failed to load coupons. Please try again.</ErrorState> : (
        <>
          <AdminTable caption="Coupon codes" columns={columns} rows={coupons.data.items} rowKey={(c) => c.id} empty="No coupons found"
            busy={coupons.isFetching} sort={{ value: query.sort, onSort: (sort) => setQuery({ ...query, page: 1, sort }) }} />
          <Pager page={query.page} limit={query.limit} total={coupons.data.total} noun="coupons" onPage={(page) => setQuery({ ...query, page })} />
        </>
      )}
    </>
  );
}
