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

  it('shows the contact details and name from config and the copyright with the current year', () => {
    setConfig({
      apiBaseUrl: 'http://api.test',
      institute: { name: 'Harbor Skills Academy', address: '9 Pier Road, Hoboken, NJ', phone: '(555) 123-9876', email: 'info@harbor.example' },
    });
    renderWithProviders(<Footer />);
    expect(screen.getByText('9 Pier Road, Hoboken, NJ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 123-9876' })).toHaveAttribute('href', 'tel:5551239876');
    expect(screen.getByRole('link', { name: 'info@harbor.example' })).toHaveAttribute('href', 'mailto:info@harbor.example');
    expect(screen.getByRole('heading', { name: 'About Harbor Skills Academy' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Harbor Skills Academy. All rights reserved.`)).toBeInTheDocument();
  });

  it('links only the social profiles config.json names, in a fixed order, each in a new tab', () => {
    setConfig({
      ...DEFAULT_CONFIG,
      social: { youtube: 'https://www.youtube.com/@northbridge', facebook: 'https://www.facebook.com/northbridge.institute' },
    });
    renderWithProviders(<Footer />);
    const links = screen.getAllByRole('link', { name: new RegExp(`^${DEFAULT_CONFIG.institute.name} on `) });
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      [`${DEFAULT_CONFIG.institute.name} on Facebook`, 'https://www.facebook.com/northbridge.institute'],
      [`${DEFAULT_CONFIG.institute.name} on YouTube`, 'https://www.youtube.com/@northbridge'],
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no social icons when none is configured, and never a bare or non-https address', () => {
    renderWithProviders(<Footer />);
    expect(screen.queryByRole('link', { name: / on (Facebook|Instagram|LinkedIn|YouTube)$/ })).not.toBeInTheDocument();
    setConfig({ ...DEFAULT_CONFIG, social: { instagram: 'javascript:alert(1)', linkedin: 'http://linkedin.example/x' } });
    renderWithProviders(<Footer />);
    expect(screen.queryByRole('link', { name: / on (Instagram|LinkedIn)$/ })).not.toBeInTheDocument();
  });
});
