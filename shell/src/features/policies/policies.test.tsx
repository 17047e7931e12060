import { screen, waitFor } from '@testing-library/react';
import { setConfig, DEFAULT_CONFIG } from '@institute/shared/config';
import { mockFetch, renderWithProviders } from '../../testing/test-utils';
import { fillPlaceholders, privacyPolicy, smsTerms } from './policy-content';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsPage from './terms-page';

const INSTITUTE = { name: 'Harbor Skills Academy', address: '9 Pier Road, Hoboken, NJ', phone: '(555) 123-9876', email: 'info@harbor.example' };

beforeEach(() => setConfig({ apiBaseUrl: 'http://api.test', institute: INSTITUTE }));
afterEach(() => setConfig(DEFAULT_CONFIG));

function expectSmsEssentials() {
  const text = document.body.textContent ?? '';
  expect(text).toContain('reply STOP');
  expect(text).toContain('reply HELP');
  expect(text).toContain('about 5-10 messages per week');
  expect(text).toContain('Message and data rates may apply.');
  expect(text).not.toMatch(/\{(institute|email|phone|address)\}/);
  expect(screen.getAllByRole('link', { name: 'info@harbor.example' })[0]).toHaveAttribute('href', 'mailto:info@harbor.example');
  expect(screen.getAllByRole('link', { name: '(555) 123-9876' })[0]).toHaveAttribute('href', 'tel:5551239876');
  expect(screen.getByText('9 Pier Road, Hoboken, NJ')).toBeInTheDocument();
}

describe('Policy pages', () => {
  it('privacy policy: one h1, the institute from config, and the SMS facts', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    expect(screen.getByText(/^Harbor Skills Academy \("we", "us"\) respects your privacy/)).toBeInTheDocument();
    expect(screen.getByText('Last updated: 01.11.2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Text messages (SMS)' })).toBeInTheDocument();
    expectSmsEssentials();
    expect(screen.getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('terms and conditions (SMS terms): opt-out, help, frequency, rates and contact', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms and Conditions']);
    for (const name of ['How to opt out', 'How to get help', 'Message frequency and cost', 'Contact us']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/For help, reply HELP, email us at info@harbor.example or call \(555\) 123-9876\./)).toBeInTheDocument();
    expectSmsEssentials();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('shows the current enrollment agreement beside the SMS terms', async () => {
    const { seen } = mockFetch(() => ({ body: { version: 4, title: 'Enrollment agreement', body: 'Refunds: in full before the first class.\n\nAttendance: 80% of classes.', publishedAt: '2026-11-20T09:00:00Z' } }));
    renderWithProviders(<TermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Enrollment agreement' })).toBeInTheDocument();
    expect(screen.getByText('Version 4, published Nov 20, 2026. Students accept it before paying for a class session.')).toBeInTheDocument();
    expect(screen.getByText('Attendance: 80% of classes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How to opt out' })).toBeInTheDocument();
    expect(seen.map((req) => req.url)).toEqual(['http://api.test/api/agreement']);
  });

  it('shows only the SMS terms while no agreement is published (the API answers null)', async () => {
    const { seen } = mockFetch(() => ({ body: null }));
    renderWithProviders(<TermsPage />);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'How to opt out' })).toBeInTheDocument();
    expect(screen.queryByText(/Students accept it before paying/)).not.toBeInTheDocument();
  });

  it('keeps placeholders in the data so the static pages can be generated from it', () => {
    const all = [privacyPolicy, smsTerms].flatMap((doc) => [...doc.intro, ...doc.sections.flatMap((s) => [...(s.paragraphs ?? []), ...(s.items ?? [])])]);
    expect(all.some((text) => text.includes('{institute}'))).toBe(true);
    expect(fillPlaceholders('{institute} at {address}: {email}, {phone}; {unknown}', {
      institute: 'I', address: 'A', email: 'E', phone: 'P',
    })).toBe('I at A: E, P; {unknown}');
  });
});
