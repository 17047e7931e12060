import { useId, useState } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { AdminAdvisingSlot, AdvisingSlotInput } from '@institute/shared/contract';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { AdminTable, type Column } from '../../../components/admin-table';
import { useAdvisingMutations, useAdvisingSlots, type SlotsShown } from '../api/advising';
import { SlotForm } from './slot-form';
import ui from '../../../components/admin-ui.module.css';

export const cancelPrompt = (slot: AdminAdvisingSlot) =>
  `Cancel the advising slot on ${slot.when} with ${slot.advisor}?${slot.booked > 0 ? ` The ${slot.booked === 1 ? 'visitor' : `${slot.booked} visitors`} booked in it will be emailed.` : ''} Reason (optional, sent to them):`;

const statusText = (slot: AdminAdvisingSlot) => {
  if (slot.cancelledAt) return slot.cancelReason ? `Cancelled: ${slot.cancelReason}` : 'Cancelled';
  return slot.placesLeft === 0 ? 'Full' : 'Open';
};

/**
 * Advising hours (issue 31, decision 045): publish slots inside office hours (one, or weekly for several weeks),
 * see who booked each, cancel a slot (its visitors are emailed). Times are the institute's, as the zone line says.
 */
export function AdvisingSection() {
  const id = useId();
  const [shown, setShown] = useState<SlotsShown>('upcoming');
  const slots = useAdvisingSlots(shown);
  const { publish, cancel } = useAdvisingMutations();
  const [notice, setNotice] = useState('');

  const onPublish = (body: AdvisingSlotInput) => {
    setNotice('');
    publish.mutate(body, { onSuccess: ({ items }) => setNotice(items.length === 1 ? `Published: ${items[0]!.when} with ${items[0]!.advisor}.` : `Published ${items.length} weekly slots.`) });
  };
  const onCancel = (slot: AdminAdvisingSlot) => {
    const reason = window.prompt(cancelPrompt(slot), '');
    if (reason === null) return;
    setNotice('');
    cancel.mutate({ id: slot._id, reason }, {
      onSuccess: ({ emailed }) => setNotice(`Cancelled the slot on ${slot.when}.${emailed > 0 ? ` ${emailed} ${emailed === 1 ? 'visitor was' : 'visitors were'} emailed.` : ''}`),
    });
  };

  const columns: Column<AdminAdvisingSlot>[] = [
    { header: 'When', rowHeader: true, cell: (slot) => slot.when },
    { header: 'Advisor', cell: (slot) => slot.advisor, className: ui.wrapAnywhere },
    { header: 'Booked', cell: (slot) => `${slot.booked} of ${slot.capacity}` },
    {
      header: 'Visitors', className: ui.wrapAnywhere, cell: (slot) => (slot.bookings.length === 0 ? <span className={ui.muted}>None yet</span> : (
        <ul className={ui.waitlist}>
          {slot.bookings.map((b) => <li key={b._id} className={ui.waitlistItem}>{b.name} ({b.email}{b.number ? `, ${b.number}` : ''}): {b.topic}</li>)}
        </ul>
      )),
    },
    { header: 'Status', cell: statusText },
    {
      header: 'Actions', cell: (slot) => (!slot.cancelledAt && shown === 'upcoming' ? (
        <button type="button" className={`${ui.danger} ${ui.small}`} aria-label={`Cancel the slot on ${slot.when}`}
          disabled={cancel.isPending && cancel.variables?.id === slot._id} onClick={() => onCancel(slot)}>Cancel slot</button>
      ) : null),
    },
  ];

  return (
    <>
      {notice ? <p role="status" className={ui.success}>{notice}</p> : null}
      {cancel.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(cancel.error)}</p> : null}
      {slots.data ? <p className={ui.muted}>Times are in {slots.data.timeZone}. Office hours: {slots.data.officeHours}.</p> : null}
      <SlotForm saving={publish.isPending} error={publish.isError ? apiErrorMessage(publish.error) : null} onPublish={onPublish} />
      <div className={ui.listBar}>
        <div className={ui.field}>
          <label htmlFor={`${id}-shown`}>Show</label>
          <select id={`${id}-shown`} className={ui.input} value={shown} onChange={(e) => setShown(e.target.value as SlotsShown)}>
            <option value="upcoming">Upcoming slots</option>
            <option value="past">Past slots</option>
          </select>
        </div>
      </div>
      {slots.isPending ? <Spinner label="Loading advising slots..." /> : slots.isError ? <ErrorState>Failed to load advising slots. Please try again.</ErrorState> : (
        <AdminTable caption={shown === 'upcoming' ? 'Upcoming advising slots' : 'Past advising slots'} columns={columns} rows={slots.data.items}
          rowKey={(slot) => slot._id} busy={slots.isFetching} empty={shown === 'upcoming' ? 'No upcoming advising slots' : 'No past advising slots'} />
      )}
    </>
  );
}
