import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { AgreementSection } from './agreement-section';

const V1 = { version: 1, title: 'Enrollment agreement', body: 'Refunds in full before the first class.', publishedAt: '2026-10-01T00:00:00Z' };
const V2 = { version: 2, title: 'Enrollment agreement', body: 'Refunds in full before the first class.\n\nAttendance: 80%.', publishedAt: '2026-11-01T00:00:00Z' };

beforeEach(() => signIn());

test('shows the current version, starts the form from its text, and publishes a new version', async () => {
  const { seen } = mockFetch((req) => {
    if (req.url === `${API}/api/agreement/versions`) return { body: [V1, V2] };
    if (req.method === 'POST' && req.url === `${API}/api/agreement`) return { status: 201, body: { ...(req.body as object), version: 3, publishedAt: '2026-11-26T00:00:00Z' } };
    return { status: 404, body: { error: 'Not Found', message: 'Not here.' } };
  });
  renderWithProviders(<AgreementSection />);
  expect(await screen.findByRole('heading', { name: 'Current: version 2, published Nov 1, 2026' })).toBeInTheDocument();
  const text = screen.getByLabelText(/^Text/);
  expect(text).toHaveValue(V2.body);
  expect(within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => row.firstChild?.textContent)).toEqual(['2', '1']);
  await userEvent.type(text, '{Enter}{Enter}Materials are included.');
  await userEvent.click(screen.getByRole('button', { name: 'Publish new version' }));
  expect(await screen.findByText('Version 3 published.')).toBeInTheDocument();
  expect(seen.find((req) => req.method === 'POST')?.body).toEqual({ title: 'Enrollment agreement', body: `${V2.body}\n\nMaterials are included.` });
});

test('shows the server\'s message when publishing is refused', async () => {
  mockFetch((req) => {
    if (req.url === `${API}/api/agreement/versions`) return { body: [] };
    return { status: 400, body: { error: 'Bad Request', message: 'Text is required.' } };
  });
  renderWithProviders(<AgreementSection />);
  expect(await screen.findByRole('heading', { name: 'No agreement published yet' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Publish new version' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Text is required.');
});
