import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdvisingPage from '../../../expose/advising-page';
import { mockFetch, renderPage } from '../../../testing/test-utils';

const ZONE = 'America/New_York';
const slot = (id: string, when: string, placesLeft = 1) => ({
  _id: id, startsAt: '2031-03-05T15:00:00.000Z', date: '2031-03-05', time: '10:00', timeZone: ZONE, minutes: 30, when, advisor: 'Maya Chen', placesLeft,
});
const LIST = { timeZone: ZONE, officeHours: 'Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)' };
const FIRST = slot('s1', 'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM');
const SECOND = slot('s2', 'Wednesday, March 5, 2031, 11:00 AM to 11:30 AM', 3);
const BOOKED = 'Your advising session is booked for Wednesday, March 5, 2031, 10:00 AM to 10:30 AM (America/New_York time). We have sent a confirmation to your email.';
const TAKEN = 'Sorry, this time has just been taken. Please choose another one.';

function api(booking: { status: number; body: object }, slots = [FIRST, SECOND]) {
  let listed = 0;
  const fake = mockFetch(({ url, method }) => {
    const { pathname } = new URL(url);
    if (pathname === '/api/advising/slots') {
      listed += 1;
      return { body: { ...LIST, items: slots } };
    }
    if (pathname === '/api/inquiries/form-token') return { body: { token: '1700000000000.token' } };
    if (pathname === '/api/advising/bookings' && method === 'POST') return booking;
    return { status: 404, body: { error: 'Not Found', message: 'no' } };
  });
  return { ...fake, listed: () => listed };
}

async function fillAndBook(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM with Maya Chen' }));
  await user.type(screen.getByLabelText('Name', { exact: false }), 'Rosa Delgado');
  await user.type(screen.getByLabelText('Email', { exact: false }), 'rosa@example.test');
  await user.type(screen.getByLabelText('What would you like to talk about?', { exact: false }), 'Evening programs');
  await user.click(screen.getByRole('button', { name: 'Book this time' }));
}

describe('AdvisingPage', () => {
  it('lists the open times in the institute\'s zone, saying so, with places left when more than one', async () => {
    api({ status: 201, body: {} });
    renderPage(<AdvisingPage />, { route: '/advising' });
    expect(await screen.findByText(`All times are in the institute's time zone, ${ZONE}. Office hours: ${LIST.officeHours}.`)).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM with Maya Chen',
      'Wednesday, March 5, 2031, 11:00 AM to 11:30 AM with Maya Chen (3 places left)',
    ]);
  });

  it('books the chosen time with the form token and the honeypot, shows the server\'s confirmation and clears the form', async () => {
    const user = userEvent.setup();
    const { seen } = api({ status: 201, body: { _id: 'b1', message: BOOKED, slot: FIRST } });
    renderPage(<AdvisingPage />, { route: '/advising' });
    await fillAndBook(user);
    expect(await screen.findByRole('status')).toHaveTextContent(BOOKED);
    const posted = seen.find((r) => r.url.endsWith('/api/advising/bookings'));
    expect(posted?.body).toEqual({
      slotId: 's1', name: 'Rosa Delgado', email: 'rosa@example.test', number: '', topic: 'Evening programs', website: '', formToken: '1700000000000.token',
    });
    expect(screen.getByLabelText('Name', { exact: false })).toHaveValue('');
  });

  it('shows the server\'s sentence when the time was just taken and reads the list again', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 409, body: { error: 'Conflict', message: TAKEN } });
    renderPage(<AdvisingPage />, { route: '/advising' });
    await fillAndBook(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    await waitFor(() => expect(fake.listed()).toBe(2));
    expect(screen.getByLabelText('Name', { exact: false })).toHaveValue('Rosa Delgado');
  });

  it('asks for a time, a name, an email and a topic before sending anything', async () => {
    const user = userEvent.setup();
    const { seen } = api({ status: 201, body: {} });
    renderPage(<AdvisingPage />, { route: '/advising' });
    await user.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(screen.getByText('Choose a time', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Tell us what you would like to talk about.')).toBeInTheDocument();
    expect(seen.some((r) => r.url.endsWith('/api/advising/bookings'))).toBe(false);
  });

  it('says when no time is open and points to the contact and appointment pages', async () => {
    api({ status: 201, body: {} }, []);
    renderPage(<AdvisingPage />, { route: '/advising' });
    expect(await screen.findByText(/No advising times are open right now\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'request an appointment' })).toHaveAttribute('href', '/appointment');
  });
});
