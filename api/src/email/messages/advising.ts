import { signCancelToken } from '../../advising/cancel-token';
import { describeSlot } from '../../advising/times';
import { text, type MessageContext, type Rendered } from './types';

type AdvisingKind = 'advising-confirmation' | 'advising-reminder' | 'advising-cancelled';

/**
 * Advising emails are rendered from the booking when sent, with the cancel link signed then (nothing secret is
 * stored in the row). A reminder of a booking cancelled since it was queued is not sent.
 */
async function renderAdvising(kind: AdvisingKind, { p, base, config, advising }: MessageContext): Promise<Rendered | null> {
  if (!advising) return null;
  const bookingId = text(p.bookingId);
  const found = await advising.bookingWithSlot(bookingId);
  if (!found) return null;
  const { booking, slot } = found;
  const when = `${describeSlot(slot.date, slot.time, slot.minutes)} (${slot.timeZone} time)`;
  const site = config.siteUrl;
  const cancelUrl = `${site}/advising/cancel?token=${encodeURIComponent(signCancelToken(config.jwt.secret, booking.id))}`;
  const details = [`When: ${when}`, `Advisor: ${slot.advisor}`, `Topic: ${booking.topic}`];
  const keep = { bookingId, toName: booking.name };
  if (kind === 'advising-cancelled') {
    return {
      params: {
        ...base, to_name: booking.name, subject: `Your advising session on ${describeSlot(slot.date, slot.time, slot.minutes)} is cancelled`,
        message: [`We are sorry: we had to cancel your advising session with ${slot.advisor}.`, ...details, slot.cancelReason ? `Reason: ${slot.cancelReason}` : null, 'Please book another time with the link below.'].filter((line): line is string => line !== null).join('\n'),
        link_url: `${site}/advising`, link_text: 'Book another time',
      },
      keep,
    };
  }
  if (booking.cancelledAt || slot.cancelledAt) return null;
  const reminder = kind === 'advising-reminder';
  return {
    params: {
      ...base, to_name: booking.name,
      subject: reminder ? `Reminder: your advising session tomorrow, ${describeSlot(slot.date, slot.time, slot.minutes)}` : `Your advising session is booked: ${describeSlot(slot.date, slot.time, slot.minutes)}`,
      message: [
        reminder ? `This is a reminder of your advising session with ${slot.advisor}.` : `Thank you, ${booking.name}: your advising session with ${slot.advisor} is booked.`,
        ...details,
        'If you cannot come, cancel with the link below so someone else can take the time.',
      ].join('\n'),
      link_url: cancelUrl, link_text: 'Cancel this booking',
    },
    keep,
  };
}

export const renderAdvisingConfirmation = (context: MessageContext) => renderAdvising('advising-confirmation', context);
export const renderAdvisingReminder = (context: MessageContext) => renderAdvising('advising-reminder', context);
export const renderAdvisingCancelled = (context: MessageContext) => renderAdvising('advising-cancelled', context);
