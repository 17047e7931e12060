import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { COURSE, OTHER, server } from './catalog-test-kit';
import { CoursesSection, QuickProgramsSection } from './catalog-section';

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

test('shows "Loading courses..." while the list loads', async () => {
  mockFetch(pending);
  renderWithProviders(<CoursesSection />);
  expect(await screen.findByText('Loading courses...')).toBeInTheDocument();
});

test('lists courses with Title, Price, Duration, Credential and Actions in a 24rem scrolling region', async () => {
  const { seen } = server([COURSE, OTHER]);
  renderWithProviders(<CoursesSection />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Price', 'Duration', 'Credential', 'Actions']);
  const row = within(table).getByRole('row', { name: /Phlebotomy/ });
  expect(within(row).getByText('$899.50')).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Edit Phlebotomy' })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Delete Phlebotomy' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'All Courses' })).toHaveClass('scroll');
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/courses` });
});

test('the quick program list does not get the course list scroll limit', async () => {
  const { seen } = server([COURSE]);
  renderWithProviders(<QuickProgramsSection />);
  expect(await screen.findByRole('region', { name: 'All Quick Programs' })).not.toHaveClass('scroll');
  expect(seen[0]?.url).toBe(`${API}/api/quick-programs`);
});

test('shows "No courses found" for an empty list', async () => {
  server([]);
  renderWithProviders(<CoursesSection />);
  expect(await screen.findByText('No courses found')).toBeInTheDocument();
});

test.each([
  ['courses, no connection', CoursesSection, 'network-error' as const, 'Failed to fetch courses!  Check your server connection.'],
  ['quick programs, no connection', QuickProgramsSection, 'network-error' as const, 'Failed to fetch quick programs!'],
  ['courses, server answered 500', CoursesSection, { status: 500 }, 'Failed to fetch courses!  Check your server connection.'],
  ['quick programs, server answered 503', QuickProgramsSection, { status: 503 }, 'Failed to fetch quick programs!'],
])('a failed list (%s) shows the exact message', async (_case, Section, reply, text) => {
  mockFetch(() => reply);
  renderWithProviders(<Section />);
  // textContent, not a text matcher: the course message has two spaces and they must survive.
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
});

test('delete asks for confirmation; declining sends nothing', async () => {
  confirmSpy.mockReturnValue(false);
  const { seen } = server([COURSE]);
  renderWithProviders(<CoursesSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Medical Billing' }));
  expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this course?');
  expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
});

test('a confirmed delete sends DELETE with the bearer and refreshes the list', async () => {
  const token = signIn();
  let items = [COURSE, OTHER];
  const { seen } = mockFetch((req) => {
    if (req.method === 'GET') return { body: items };
    items = items.filter((c) => !req.url.endsWith(`/${c._id}`));
    return { body: { message: 'deleted' } };
  });
  renderWithProviders(<QuickProgramsSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Phlebotomy' }));
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Phlebotomy' })).not.toBeInTheDocument());
  expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this quick program?');
  const del = seen.find((r) => r.method === 'DELETE');
  expect(del?.url).toBe(`${API}/api/quick-programs/c-2`);
  expect(del?.headers.Authorization).toBe(`Bearer ${token}`);
  expect(screen.getByRole('cell', { name: 'Medical Billing' })).toBeInTheDocument();
});

test.each([
  ['course, server answered 404', CoursesSection, { status: 404 }, 'HTTP error! status: 404'],
  ['course, no connection', CoursesSection, 'network-error' as const, 'Failed to delete course'],
  ['quick program, no connection', QuickProgramsSection, 'network-error' as const, 'Failed to delete quick program'],
])('a failed delete (%s) shows the exact message', async (_case, Section, reply, text) => {
  signIn();
  server([COURSE], () => reply);
  renderWithProviders(<Section />);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Medical Billing' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('cell', { name: 'Medical Billing' })).toBeInTheDocument();
});
