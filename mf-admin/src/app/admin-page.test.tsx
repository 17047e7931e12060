import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from '@institute/shared/router';
import type { AdminPageProps } from '@institute/shared/contract';
import { mockFetch, renderWithProviders, signIn } from '../testing/test-utils';
import { AdminPage } from './admin-page';
import { resolveSection } from './sections';

/** The shell's admin routes, each rendering this page with its section. */
const ROUTES: [string, AdminPageProps['section']][] = [
  ['/admin', 'dashboard'],
  ['/add-course', 'courses'],
  ['/add-quick-program', 'quick-programs'],
  ['/add-images', 'gallery'],
  ['/add-blog', 'blog'],
  ['/payment', 'payments'],
];

function Back() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate(-1)}>Go back</button>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Back />
      <Routes>
        {ROUTES.map(([path, section]) => <Route key={path} path={path} element={<AdminPage section={section} />} />)}
      </Routes>
    </>,
    { route },
  );
}

/** Empty answers in each list's shape: plain lists, the admin's paged lists, the dashboard's figures. */
const EMPTY_STATS = {
  from: '2026-01-01', to: '2026-01-31', totals: { revenue: 0, payments: 0, enrollments: 0, newStudents: 0 },
  revenueByMonth: [], paymentsByStatus: [], enrollmentsByProgram: [], newStudentsByWeek: [],
};
beforeEach(() => {
  signIn();
  mockFetch((req) => {
    if (req.url.includes('/api/admin/stats')) return { body: EMPTY_STATS };
    if (req.url.includes('/api/admin/erasure-requests')) return { body: [] };
    if (req.url.includes('/api/admin/')) return { body: { items: [], total: 0, page: 1, limit: 20 } };
    return { body: [] };
  });
});

/** Sections are lazy chunks; waiting for them keeps updates inside the test. */
const sectionLoaded = () => waitForElementToBeRemoved(() => screen.queryByText('Loading section...'));

const sidebar = () => screen.getByRole('navigation', { name: 'Admin Panel' });

test('the sidebar "Admin Panel" lists the fifteen entries, each linking to its route', () => {
  renderAt('/admin');
  expect(within(sidebar()).getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
  const links = within(sidebar()).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Users', '/admin?section=users'],
    ['Add Courses', '/add-course'],
    ['Quick Programs', '/add-quick-program'],
    ['Gallery', '/add-images'],
    ['Blog', '/add-blog'],
    ['Payment', '/payment'],
    ['Receivables', '/admin?section=receivables'],
    ['Class Sessions', '/admin?section=sessions'],
    ['Enrollment Agreement', '/admin?section=agreement'],
    ['Coupons', '/admin?section=coupons'],
    ['Invoices', '/admin?section=invoices'],
    ['Inquiries', '/admin?section=inquiries'],
    ['Advising', '/admin?section=advising'],
    ['Performance', '/admin?section=performance'],
    ['Modules', '/admin?section=modules'],
  ]);
});

test('/admin shows the dashboard welcome, with no sidebar entry marked current', () => {
  renderAt('/admin');
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to the Admin Dashboard' })).toBeInTheDocument();
  expect(within(sidebar()).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
});

test.each([
  ['/admin?section=users', 'Users', 'Users'],
  ['/add-course', 'Add Courses', 'Courses'],
  ['/add-quick-program', 'Quick Programs', 'Quick Programs'],
  ['/add-images', 'Gallery', 'Gallery'],
  ['/add-blog', 'Blog', 'Blog'],
  ['/payment', 'Payment', 'Payments'],
  ['/admin?section=performance', 'Performance', 'Performance'],
  ['/admin?section=modules', 'Modules', 'Modules'],
])('%s marks "%s" current and shows its section', async (route, label, title) => {
  renderAt(route);
  expect(within(sidebar()).getByRole('link', { current: 'page' })).toHaveTextContent(label);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  await sectionLoaded();
});

test('clicking Users loads the users section; back returns to the dashboard', async () => {
  renderAt('/admin');
  await userEvent.click(within(sidebar()).getByRole('link', { name: 'Users' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  expect(await screen.findByText('No users found')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome to the Admin Dashboard' })).toBeInTheDocument();
});

test('a student\'s page opens from a username in Users, under the "Student" heading, with Users still current', async () => {
  mockFetch((req) => {
    if (req.url.includes('/api/admin/users')) return { body: { items: [{ _id: 'u-2', username: 'alice', email: 'alice@example.com', role: 'user' }], total: 1, page: 1, limit: 20 } };
    return { status: 404, body: { error: 'Not Found', message: 'Student not found.' } };
  });
  renderAt('/admin?section=users');
  await userEvent.click(await screen.findByRole('link', { name: 'Open the record of alice' }));
  // The student page is a lazy chunk of its own: loaded already when an earlier test opened it, not when run alone.
  expect(await screen.findByRole('heading', { level: 1, name: 'Student' })).toBeInTheDocument();
  expect(await screen.findByText('This student could not be found.')).toBeInTheDocument();
  expect(within(sidebar()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
});

test('a section route ignores a stray ?section= query', () => {
  expect(resolveSection('courses', 'users')).toBe('courses');
  expect(resolveSection('dashboard', 'users')).toBe('users');
  expect(resolveSection(undefined, 'nonsense')).toBe('dashboard');
  expect(resolveSection(undefined, null)).toBe('dashboard');
});
