import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import CertificatePage, { CERTIFICATE_NOT_FOUND } from './certificate-page';

const CERTIFICATE = {
  id: 'c1', enrollmentId: 'e1', number: 'C2026-000004', code: 'ABCDEFGHJKMNPQRSTWXY', studentName: 'Maya Kovač', program: 'Pharmacy Technician',
  credential: 'Certificate of Completion (CPhT exam eligible)', totalHours: '120', startsOn: '2026-01-12', endsOn: '2026-03-20',
  issuedAt: '2026-03-21T10:00:00Z', status: 'valid', revokedAt: null, revokeReason: null,
  institute: { name: 'Northbridge Career Institute', address: '1 Main St', phone: '555-0100', email: 'info@example.com' },
};
const renderPage = () => renderWithProviders(<CertificatePage />, { route: '/my-certificates/c1', path: '/my-certificates/:id' });

describe('CertificatePage', () => {
  it('shows the number, the name it was issued in, the course, its dates and the public verification link; prints', async () => {
    signIn(student, 'u1');
    const { fn } = mockFetch(() => ({ body: CERTIFICATE }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeInTheDocument();
    expect(String(fn.mock.calls[0]?.[0])).toBe('http://localhost:4000/api/certificates/c1');
    expect(screen.getByText('Maya Kovač')).toBeInTheDocument();
    expect(screen.getByText('Pharmacy Technician')).toBeInTheDocument();
    expect(screen.getByText('Certificate of Completion (CPhT exam eligible) · 120 hours · Jan 12 – Mar 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/Certificate C2026-000004/)).toHaveTextContent('Certificate C2026-000004Issued 21.03.2026');
    const verify = screen.getByRole('link', { name: 'http://localhost/certificates/ABCDEFGHJKMNPQRSTWXY' });
    expect(verify).toHaveAttribute('href', 'http://localhost/certificates/ABCDEFGHJKMNPQRSTWXY');
    expect(screen.queryByText(/revoked/)).not.toBeInTheDocument();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Print certificate' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('takes hours written with their unit as they are', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { ...CERTIFICATE, credential: null, totalHours: '24 hours', startsOn: null, endsOn: null } }));
    renderPage();
    expect(await screen.findByText('24 hours')).toBeInTheDocument();
  });

  it('says when the certificate was revoked', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { ...CERTIFICATE, status: 'revoked', revokedAt: '2026-04-02T10:00:00Z' } }));
    renderPage();
    expect(await screen.findByText('This certificate was revoked on 02.04.2026.')).toBeInTheDocument();
  });

  it("says it cannot be found when the server refuses (someone else's or unknown)", async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ status: 403, body: { error: 'Forbidden', message: 'You can only view your own certificates.' } }));
    renderPage();
    expect(await screen.findByText(CERTIFICATE_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Print certificate' })).not.toBeInTheDocument();
  });
});
