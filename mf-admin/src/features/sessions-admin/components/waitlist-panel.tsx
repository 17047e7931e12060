import { useRef } from 'react';
import { apiErrorMessage } from '@institute/shared/api';
import type { ClassSession } from '@institute/shared/contract';
import { formatDateRange, formatDay, formatOfferExpiry } from '@institute/shared/rules';
import { ErrorState, Spinner } from '@institute/shared/ui';
import { useReorderWaitlist, useWaitlist } from '../api/sessions';
import ui from '../../../components/admin-ui.module.css';

/**
 * Who waits for a seat, in order. Move up / Move down are buttons (keyboard first, no drag and drop); after a move
 * the focus follows the student moved, so pressing again keeps moving them.
 */
export function WaitlistPanel({ session, title }: { session: ClassSession; title: string }) {
  const waitlist = useWaitlist(session.id);
  const reorder = useReorderWaitlist(session.id);
  const list = useRef<HTMLOListElement>(null);
  const entries = waitlist.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const order = entries.map((entry) => entry.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    reorder.mutate(order, {
      onSuccess: () => {
        const button = list.current?.querySelector<HTMLButtonElement>(`[data-entry="${moved}"] button[data-move="${by}"]`);
        button?.focus();
      },
    });
  };

  const caption = `Waitlist: ${title}, ${formatDateRange(session.startsOn, session.endsOn)}`;
  return (
    <section aria-label={caption}>
      <h3 className={ui.subtitle}>{caption}</h3>
      {reorder.isError ? <p role="alert" className={ui.error}>{apiErrorMessage(reorder.error)}</p> : null}
      {waitlist.isPending ? <Spinner label="Loading the waitlist..." /> : null}
      {waitlist.isError ? <ErrorState>The waitlist could not be loaded.</ErrorState> : null}
      {waitlist.data && entries.length === 0 ? <p className={ui.muted}>Nobody is waiting.</p> : null}
      {entries.length > 0 ? (
        <ol ref={list} className={ui.waitlist}>
          {entries.map((entry, index) => (
            <li key={entry.id} data-entry={entry.id} className={ui.waitlistItem}>
              <span className={ui.wrapAnywhere}>
                {entry.user.username} <span className={ui.muted}>({entry.user.email}), joined {formatDay(entry.joinedAt)}</span>
                {entry.status === 'offered' && entry.offerExpiresAt ? <strong>; seat offered until {formatOfferExpiry(entry.offerExpiresAt)}</strong> : null}
              </span>
              <span className={ui.actions}>
                <button type="button" data-move="-1" className={`${ui.secondary} ${ui.small}`} disabled={index === 0 || reorder.isPending}
                  aria-label={`Move ${entry.user.username} up`} onClick={() => move(index, -1)}>Move up</button>
                <button type="button" data-move="1" className={`${ui.secondary} ${ui.small}`} disabled={index === entries.length - 1 || reorder.isPending}
                  aria-label={`Move ${entry.user.username} down`} onClick={() => move(index, 1)}>Move down</button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
