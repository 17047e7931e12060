import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, renderWithProviders, signIn, type FakeReply, type SeenRequest } from '../../../testing/test-utils';
import { confirmDeactivate, CouponsSection } from './coupons-section';

const COUPON = {
  id: 'k-1', code: 'SPRING25', description: 'Spring intake', kind: 'percent', percentOff: 25, amountOff: null, startsOn: null,
  endsOn: '2026-12-31', maxRedemptions: 50, maxPerStudent: 1, allPrograms: true, programIds: [], active: true, used: 7,
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
};
const COURSES = [{ _id: 'c-1', title: 'Medical Billing and Coding', price: 1200 }];
const PROGRAMS = [{ _id: 'p-1', title: 'CPR Certification', price: 90 }];
const pageOf = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, limit: 20 });

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  signIn({ role: 'admin' });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

function serve(extra: (req: SeenRequest) => FakeReply | undefined = () => undefined) {
  return mockFetch((req) => {
    const own = extra(req);
    if (own) return own;
    if (req.url.startsWith(`${API}/api/coupons?`)) return { body: pageOf([COUPON], 41) };
    const url = new URL(req.url);
    const kind = { '/api/courses': COURSES, '/api/quick-programs': PROGRAMS }[url.pathname];
    if (kind && url.searchParams.get('fields') === 'card') {
      const words = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = kind.filter((item) => item.title.toLowerCase().includes(words));
      return { body: { items, total: items.length, nextCursor: null } };
    }
    return { status: 404, body: { error: 'Not Found', message: 'nothing here' } };
  });
}

test('lists coupons with discount, validity, usage and status, paged and searched by the server', async () => {
  const user = userEvent.setup();
  const { seen } = serve();
  renderWithProviders(<CouponsSection />);
  const row = await screen.findByRole('row', { name: /SPRING25/ });
  expect(within(row).getByText('25 % off')).toBeInTheDocument();
  expect(within(row).getByText('7 of 50')).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 3 · 41 coupons')).toBeInTheDocument();
  expect(seen[0]?.url).toBe(`${API}/api/coupons?page=1&limit=20&sort=-createdAt`);

  await user.type(screen.getByLabelText('Code or description'), 'spring');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(seen.some((r) => r.url === `${API}/api/coupons?page=1&limit=20&sort=-createdAt&q=spring`)).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(seen.some((r) => r.url.includes('page=2'))).toBe(true));
});

test('creates a coupon for chosen courses from a labelled form; the server refusal shows as sent', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  const { seen } = serve((req) => {
    if (req.method !== 'POST' || req.url !== `${API}/api/coupons`) return undefined;
    attempts += 1;
    return attempts === 1
      ? { status: 409, body: { error: 'Conflict', message: 'The code WELCOME100 is already taken by another coupon.' } }
      : { status: 201, body: { ...COUPON, id: 'k-2', code: 'WELCOME100' } };
  });
  renderWithProviders(<CouponsSection />);
  await user.click(await screen.findByRole('button', { name: 'New coupon' }));
  const form = screen.getByRole('form', { name: 'New coupon' });
  await user.type(within(form).getByLabelText('Code'), 'welcome100');
  await user.selectOptions(within(form).getByLabelText('Discount type'), 'amount');
  await user.type(within(form).getByLabelText('Amount off (USD)'), '100');
  await user.type(within(form).getByLabelText('Valid until (optional)'), '2027-01-31');
  await user.type(within(form).getByLabelText('Uses in total (empty: no limit)'), '20');
  await user.click(within(form).getByLabelText('Valid for every course and quick program'));
  const picker = within(form).getByRole('combobox', { name: 'Add a course or quick program' });
  await user.type(picker, 'medical');
  await user.click(await within(form).findByRole('option', { name: /Medical Billing and Coding/ }));
  await user.type(picker, 'cpr');
  await user.click(await within(form).findByRole('option', { name: /CPR Certification/ }));
  const chosen = within(form).getByRole('list', { name: 'Chosen courses and quick programs' });
  expect(within(chosen).getAllByRole('listitem').map((li) => li.firstChild?.nextSibling?.textContent)).toEqual(['Medical Billing and Coding', 'CPR Certification']);
  // Only searches were read, never a whole table.
  expect(seen.filter((r) => /\/api\/(courses|quick-programs)/.test(r.url)).every((r) => r.url.includes('limit=6'))).toBe(true);
  await user.click(within(form).getByRole('button', { name: 'Create coupon' }));

  expect(await within(form).findByRole('alert')).toHaveTextContent('The code WELCOME100 is already taken by another coupon.');
  expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
    code: 'welcome100', description: '', kind: 'amount', percentOff: null, amountOff: 100, startsOn: null, endsOn: '2027-01-31',
    maxRedemptions: 20, maxPerStudent: 1, allPrograms: false, programIds: ['c-1', 'p-1'], active: true,
  });
  await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
  expect(await screen.findByText('Coupon WELCOME100 saved.')).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument();
}, 30_000);

test('edits a coupon with its values filled in, and deactivates one after confirming', async () => {
  const user = userEvent.setup();
  const { seen } = serve((req) => {
    if (req.method === 'PUT') return { body: { ...COUPON, percentOff: 30 } };
    if (req.method === 'POST' && req.url.endsWith('/deactivate')) return { body: { ...COUPON, active: false } };
    return undefined;
  });
  renderWithProviders(<CouponsSection />);
  await user.click(await screen.findByRole('button', { name: 'Edit coupon SPRING25' }));
  const form = screen.getByRole('form', { name: 'Edit coupon SPRING25' });
  const percent = within(form).getByLabelText('Percent off');
  expect(percent).toHaveValue(25);
  await user.clear(percent);
  await user.type(percent, '30');
  await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() => expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ url: `${API}/api/coupons/k-1`, body: expect.objectContaining({ code: 'SPRING25', percentOff: 30, endsOn: '2026-12-31' }) }));

  await user.click(await screen.findByRole('button', { name: 'Deactivate coupon SPRING25' }));
  expect(confirmSpy).toHaveBeenCalledWith(confirmDeactivate('SPRING25'));
  expect(await screen.findByText('Coupon SPRING25 deactivated.')).toBeInTheDocument();
});

test('editing a coupon limited to some programs names them (each read on its own) and Remove drops one from what is saved', async () => {
  const user = userEvent.setup();
  const limited = { ...COUPON, allPrograms: false, programIds: ['c-1', 'p-1'] };
  const { seen } = serve((req) => {
    if (req.url.startsWith(`${API}/api/coupons?`)) return { body: pageOf([limited]) };
    if (req.url === `${API}/api/courses/c-1`) return { body: COURSES[0] };
    if (req.url === `${API}/api/quick-programs/p-1`) return { body: PROGRAMS[0] };
    if (req.method === 'PUT') return { body: limited };
    return undefined;
  });
  renderWithProviders(<CouponsSection />);
  await user.click(await screen.findByRole('button', { name: 'Edit coupon SPRING25' }));
  const form = screen.getByRole('form', { name: 'Edit coupon SPRING25' });
  await user.click(await within(form).findByRole('button', { name: 'Remove Medical Billing and Coding' }));
  expect(await within(form).findByRole('button', { name: 'Remove CPR Certification' })).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({ allPrograms: false, programIds: ['p-1'] }));
  expect(seen.some((r) => r.url === `${API}/api/courses` || r.url === `${API}/api/quick-programs`)).toBe(false);
}, 30_000);
