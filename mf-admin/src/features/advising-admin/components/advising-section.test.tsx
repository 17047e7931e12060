import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { AdvisingSection, cancelPrompt } from './advising-section';

const ZONE = 'America/New_York';
const HOURS = 'Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time)';
const SLOT = {
  _id: 's-1', startsAt: '2031-03-05T15:00:00.000Z', date: '2031-03-05', time: '10:00', timeZone: ZONE, minutes: 30,
  when: 'Wednesday, March 5, 2031, 10:00 AM to 10:30 AM', advisor: 'Maya Chen', placesLeft: 0, capacity: 1, booked: 1,
  cancelledAt: null, cancelReason: null,
  bookings: [{ _id: 'b-1', name: 'Rosa Delgado', email: 'rosa@example.test', number: '', topic: 'Evening programs', createdAt: '2031-03-01T12:00:00.000Z' }],
};
const OUTSIDE = '8:00 AM to 8:30 AM is not within office hours. Advising slots must start and end within them: ' + HOURS + '.';

let promptSpy: jest.SpyInstance;
beforeEach(() => {
  signIn({ role: 'admin' });
  promptSpy = jest.spyOn(window, 'prompt').mockReturnValue('The advisor is ill.');
});
afterEach(() => promptSpy.mockRestore());

function serve(extra: (req: SeenRequest) => FakeReply | undefined = () => undefined) {
  return mockFetch((req) => {
    const own = extra(req);
    if (own) return own;
    if (req.url.startsWith(`${API}/api/admin/advising/slots?when=`)) return { body: { timeZone: ZONE, officeHours: HOURS, items: [SLOT] } };
    return { status: 404, body: { error: 'Not Found', message: 'nothing here' } };
  });
}

test('lists upcoming slots with their bookings, in the zone the page names', async () => {
  serve();
  renderWithProviders(<AdvisingSection />);
  const table = await screen.findByRole('table', { name: 'Upcoming advising slots' });
  expect(screen.getByText(`Times are in ${ZONE}. Office hours: ${HOURS}.`)).toBeInTheDocument();
  const row = within(table).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Wednesday, March 5, 2031, 10:00 AM to 10:30 AM');
  expect(row).toHaveTextContent('1 of 1');
  expect(row).toHaveTextContent('Rosa Delgado (rosa@example.test): Evening programs');
  expect(row).toHaveTextContent('Full');
});

test('publishes a weekly run with what the form holds and shows the server\'s refusal as sent', async () => {
  const user = userEvent.setup();
  let refuse = true;
  const { seen } = serve((req) => {
    if (req.method !== 'POST' || !req.url.endsWith('/api/admin/advising/slots')) return undefined;
    return refuse ? { status: 422, body: { error: 'Unprocessable Entity', message: OUTSIDE } } : { status: 201, body: { items: [SLOT, SLOT] } };
  });
  renderWithProviders(<AdvisingSection />);
  const form = await screen.findByRole('form', { name: 'Publish advising hours' });
  await user.type(within(form).getByLabelText('Date'), '2031-03-05');
  await user.type(within(form).getByLabelText('Start time'), '08:00');
  await user.selectOptions(within(form).getByLabelText('Length'), '30');
  await user.type(within(form).getByLabelText('Advisor'), 'Maya Chen');
  await user.clear(within(form).getByLabelText('Repeat weekly for (weeks)'));
  await user.type(within(form).getByLabelText('Repeat weekly for (weeks)'), '2');
  await user.click(within(form).getByRole('button', { name: 'Publish' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(OUTSIDE);
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ date: '2031-03-05', time: '08:00', minutes: 30, advisor: 'Maya Chen', capacity: 1, weeks: 2 });

  refuse = false;
  await user.click(within(form).getByRole('button', { name: 'Publish' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Published 2 weekly slots.');
});

test('cancels a slot with the reason asked for, saying how many visitors were emailed', async () => {
  const user = userEvent.setup();
  const { seen } = serve((req) => (req.method === 'POST' && req.url.endsWith('/api/admin/advising/slots/s-1/cancel')
    ? { body: { slot: { ...SLOT, cancelledAt: '2031-03-02T00:00:00.000Z', booked: 0, bookings: [] }, emailed: 1 } } : undefined));
  renderWithProviders(<AdvisingSection />);
  await user.click(await screen.findByRole('button', { name: `Cancel the slot on ${SLOT.when}` }));
  expect(promptSpy).toHaveBeenCalledWith(cancelPrompt(SLOT), '');
  expect(cancelPrompt(SLOT)).toContain('The visitor booked in it will be emailed.');
  expect(await screen.findByRole('status')).toHaveTextContent(`Cancelled the slot on ${SLOT.when}. 1 visitor was emailed.`);
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'The advisor is ill.' });
});

test('cancels nothing when the admin dismisses the question', async () => {
  const user = userEvent.setup();
  promptSpy.mockReturnValue(null);
  const { seen } = serve();
  renderWithProviders(<AdvisingSection />);
  await user.click(await screen.findByRole('button', { name: `Cancel the slot on ${SLOT.when}` }));
  expect(seen.some((r) => r.method === 'POST')).toBe(false);
});
