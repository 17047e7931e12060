import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdvisingPage from '../../../expose/advising-page';
import { mockFetch, renderPage } from '../../../testing/test-utils';

const WHEN = 'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM';
const VIEW = { status: 'booked', name: 'Rosa Delgado', when: WHEN, timeZone: 'America/New_York', advisor: 'Maya Chen', cancellable: true, message: 'This booking is confirmed. You can cancel it below if you cannot come.' };
const CANCELLED = { ...VIEW, status: 'cancelled', cancellable: false, message: `Your advising session on ${WHEN} is cancelled. The time is free for someone else.` };
const AGAIN = `Your advising session on ${WHEN} was already cancelled. There is nothing more to do.`;
const BAD_LINK = 'This cancel link is not valid. Please use the link in your confirmation email as it is, or call us.';

const render = (route: string) => renderPage(<AdvisingPage view="cancel" />, { route });

describe('AdvisingCancelPage', () => {
  it('names the session and cancels it on a click, not on opening', async () => {
    const user = userEvent.setup();
    const { seen } = mockFetch(({ method }) => (method === 'POST' ? { body: CANCELLED } : { body: VIEW }));
    render('/advising/cancel?token=abc.def');
    expect(await screen.findByText(`${WHEN} (America/New_York time)`)).toBeInTheDocument();
    expect(screen.getByText('Maya Chen')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    expect(await screen.findByText(CANCELLED.message)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ token: 'abc.def' });
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).not.toBeInTheDocument();
  });

  it('says plainly when the booking was already cancelled', async () => {
    const user = userEvent.setup();
    mockFetch(({ method }) => (method === 'POST' ? { status: 409, body: { error: 'Conflict', message: AGAIN } } : { body: VIEW }));
    render('/advising/cancel?token=abc.def');
    await user.click(await screen.findByRole('button', { name: 'Cancel this booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGAIN);
  });

  it('shows the server\'s sentence for a tampered link, and a clear one for a link without a token', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Not Found', message: BAD_LINK } }));
    const { unmount } = render('/advising/cancel?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_LINK);
    unmount();
    const { seen } = mockFetch(() => ({ body: VIEW }));
    render('/advising/cancel');
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_LINK);
    expect(seen).toHaveLength(0);
  });
});
