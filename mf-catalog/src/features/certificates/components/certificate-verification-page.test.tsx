import { screen, within } from '@testing-library/react';
import { mockFetch, renderAt } from '../../../testing/test-utils';
import { CertificateVerificationPage, VERIFICATION_TEXT } from './certificate-verification-page';

const VERIFIED = {
  number: 'C2026-000004', studentName: 'Maya Kovač', program: 'Pharmacy Technician', issuedAt: '2026-03-21T10:00:00Z',
  status: 'valid', revokedAt: null, institute: { name: 'Northbridge Career Institute' },
};
const renderPage = (code = 'ABCD-EFGH-JKMN-PQRS-TWXY') =>
  renderAt(<CertificateVerificationPage />, { route: `/certificates/${code}`, path: '/certificates/:code' });
const fact = (label: string) => within(screen.getByRole('article')).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('CertificateVerificationPage (/certificates/:code)', () => {
  it('asks the public verification call with the code as typed and shows name, course, date and "Valid"', async () => {
    const { fn } = mockFetch(() => ({ body: VERIFIED }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Valid' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: VERIFICATION_TEXT.title })).toBeInTheDocument();
    expect(String(fn.mock.calls[0]?.[0])).toBe('http://localhost:4000/api/certificates/verify/ABCD-EFGH-JKMN-PQRS-TWXY');
    expect(fact('Name')).toHaveTextContent('Maya Kovač');
    expect(fact('Course')).toHaveTextContent('Pharmacy Technician');
    expect(fact('Date')).toHaveTextContent('21.03.2026');
    expect(fact('Certificate number')).toHaveTextContent('C2026-000004');
    expect(screen.queryByText(/Revoked/)).not.toBeInTheDocument();
  });

  it('says "Revoked" with the date it was revoked', async () => {
    mockFetch(() => ({ body: { ...VERIFIED, status: 'revoked', revokedAt: '2026-04-02T10:00:00Z' } }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Revoked' })).toBeInTheDocument();
    expect(screen.getByText('Revoked on 02.04.2026')).toBeInTheDocument();
    expect(screen.queryByText('Valid')).not.toBeInTheDocument();
  });

  it('an unknown code is a clear "not found" page, without any certificate details', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Not Found', message: 'Certificate not found.' } }));
    renderPage('NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: VERIFICATION_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_TEXT.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a failure to check is not a "not found"', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Internal Server Error', message: 'Something went wrong.' } }));
    renderPage();
    expect(await screen.findByText(VERIFICATION_TEXT.failed)).toBeInTheDocument();
    expect(screen.queryByText(VERIFICATION_TEXT.notFoundTitle)).not.toBeInTheDocument();
  });
});
