import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, mockFetch, renderWithProviders, signIn, student } from '../../testing/test-utils';
import { Header } from './header';

const LINKS: [string, string][] = [
  ['Home', '/'], ['About', '/about'], ['Courses', '/courses'], ['Quick Programs', '/quick-programs'],
  ['Appointment', '/appointment'], ['Blog', '/blog'], ['Gallery', '/gallery'], ['Contact', '/contact'],
];

beforeEach(() => {
  mockFetch(() => ({ body: [] }));
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Header', () => {
  it('shows the logo, the eight links in order and marks the current page', () => {
    renderWithProviders(<Header />, { route: '/blog' });
    expect(screen.getByRole('link', { name: 'Northbridge Career Institute' })).toHaveAttribute('href', '/');
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(LINKS);
    expect(within(mainNav()).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('offers Sign In to /login when signed out', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Maya/ })).not.toBeInTheDocument();
  });

  it('shows the username with a menu holding Logout and no Admin Dashboard for a user', async () => {
    signIn(student);
    renderWithProviders(<Header />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: /Maya/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('adds the Admin Dashboard link to /admin for an admin', async () => {
    signIn(admin);
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: /Ada/ }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('operates the user menu by keyboard and closes it on Escape and on an outside click', async () => {
    const user = userEvent.setup();
    signIn(admin);
    renderWithProviders(<Header />);
    const button = screen.getByRole('button', { name: /Ada/ });
    button.focus();
    await user.keyboard('{Enter}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out: clears the stored session, ends it on the server and goes to /', async () => {
    signIn(student);
    const token = localStorage.getItem('token');
    const { seen } = mockFetch(() => ({ body: { message: 'You are signed out.' } }));
    renderWithProviders(<Header />, { route: '/courses' });
    await userEvent.click(screen.getByRole('button', { name: /Maya/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ url: 'http://localhost:4000/auth/logout', headers: { Authorization: `Bearer ${token}` } });
  });
});

describe('Header mobile menu', () => {
  const toggle = () => screen.getByRole('button', { name: 'Menu' });

  it('opens with the same links and closes after navigating', async () => {
    renderWithProviders(<Header />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(LINKS.map(([, href]) => href));
    await userEvent.click(within(nav).getByRole('link', { name: 'Gallery' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/gallery');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    renderWithProviders(<Header />);
    await userEvent.click(toggle());
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('holds the account links for an admin, and Sign In once logged out', async () => {
    signIn(admin);
    renderWithProviders(<Header />);
    await userEvent.click(toggle());
    const panel = document.getElementById(toggle().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await userEvent.click(within(panel).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
  });
});
