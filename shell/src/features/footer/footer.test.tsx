import { screen, within } from '@testing-library/react';
import { setConfig, DEFAULT_CONFIG } from '@institute/shared/config';
import { renderWithProviders } from '../../testing/test-utils';
import { Footer } from './footer';

afterEach(() => setConfig(DEFAULT_CONFIG));

describe('Footer', () => {
  it('lists the important pages, the static policies as plain links', () => {
    renderWithProviders(<Footer />);
    const pages = screen.getByRole('navigation', { name: 'Important Pages' });
    const links = within(pages).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['About', '/about'],
      ['Features', '/#features'],
      ['Privacy & Policy', '/privacy-policy.html'],
      ['Terms & Conditions', '/terms-and-conditions.html'],
    ]);
  });

  it('links each of the four course categories to its filtered course list', () => {
    renderWithProviders(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Course Categories' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Healthcare', '/courses?category=Healthcare'], ['Programming', '/courses?category=Programming'],
      ['Networking', '/courses?category=Networking'], ['Management', '/courses?category=Management'],
    ]);
  });

  it('shows the contact details and name from config, social links and the copyright with the current year', () => {
    setConfig({
      apiBaseUrl: 'http://api.test',
      institute: { name: 'Harbor Skills Academy', address: '9 Pier Road, Hoboken, NJ', phone: '(555) 123-9876', email: 'info@harbor.example' },
    });
    renderWithProviders(<Footer />);
    expect(screen.getByText('9 Pier Road, Hoboken, NJ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 123-9876' })).toHaveAttribute('href', 'tel:5551239876');
    expect(screen.getByRole('link', { name: 'info@harbor.example' })).toHaveAttribute('href', 'mailto:info@harbor.example');
    expect(screen.getByRole('heading', { name: 'About Harbor Skills Academy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbor Skills Academy on Facebook' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Harbor Skills Academy on / })).toHaveLength(4);
    expect(screen.getByText(`© ${new Date().getFullYear()} Harbor Skills Academy. All rights reserved.`)).toBeInTheDocument();
  });
});
