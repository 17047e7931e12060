import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import { CONTACT_SAVED, ContactDetails } from './contact-details';

const user = { _id: 'u1', username: 'maya_k', email: 'maya@example.com', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z', legalName: null, phone: null };
const PHONE_REFUSED = 'Enter a valid phone number, with its country code (+44 …) when it is not a US number.';
const NAME_REFUSED = 'Enter your legal name as it should appear on certificates and receipts: 2 to 100 letters, spaces, hyphens, apostrophes or periods.';

describe('ContactDetails', () => {
  it('saves the legal name and phone and shows them as the server stored them', async () => {
    signIn(student, 'u1');
    const { fn } = mockFetch(() => ({ body: { ...user, legalName: 'Maya Kovač', phone: '+12125550182' } }));
    renderWithProviders(<ContactDetails user={user} />);
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: ' Maya Kovač ' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(212) 555-0182' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_SAVED);
    const [url, init] = fn.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:4000/api/users/u1/contact');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ legalName: ' Maya Kovač ', phone: '(212) 555-0182' });
    expect(screen.getByLabelText('Phone')).toHaveValue('+12125550182');
    expect(screen.getByLabelText('Legal name')).toHaveValue('Maya Kovač');
  });

  it("shows the server's refusal of the phone at the phone field, keeping what was typed", async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ status: 400, body: { error: 'Bad Request', message: PHONE_REFUSED } }));
    renderWithProviders(<ContactDetails user={user} />);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    const phone = screen.getByLabelText('Phone');
    expect(await screen.findByText(PHONE_REFUSED)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(PHONE_REFUSED);
    expect(phone).toHaveValue('call me');
    expect(screen.getByLabelText('Legal name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(CONTACT_SAVED)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the name at the legal name field", async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ status: 400, body: { error: 'Bad Request', message: NAME_REFUSED } }));
    renderWithProviders(<ContactDetails user={user} />);
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText(NAME_REFUSED)).toBeInTheDocument();
    expect(screen.getByLabelText('Legal name')).toHaveAccessibleDescription(NAME_REFUSED);
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
  });
});
