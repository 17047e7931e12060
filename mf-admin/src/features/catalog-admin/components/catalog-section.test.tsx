import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, mockFetch, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { COURSE, listAnswer, OTHER, server } from './catalog-test-kit';
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
  // One page of cards, newest first: never the whole list, never the long texts.
  expect(seen[0]).toMatchObject({ method: 'GET', url: `${API}/api/courses?fields=card&limit=24&sort=newest` });
  expect(within(table).getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('cell')[0]!.textContent)).toEqual(['Phlebotomy', 'Medical Billing']);
});

test('the quick program list does not get the course list scroll limit', async () => {
  const { seen } = server([COURSE]);
  renderWithProviders(<QuickProgramsSection />);
  expect(await screen.findByRole('region', { name: 'All Quick Programs' })).not.toHaveClass('scroll');
  expect(seen[0]?.url).toBe(`${API}/api/quick-programs?fields=card&limit=24&sort=newest`);
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
    if (req.method === 'GET') return listAnswer(items, req.url);
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

const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...COURSE, _id: `m-${i}`, title: `Course ${String(i).padStart(2, '0')}` }));
const location = () => screen.getByTestId('location').textContent;

test('shows 24 at first and "Load more courses" appends the next page, which the URL then remembers', async () => {
  const { seen } = server(many(30));
  renderWithProviders(<CoursesSection />, { route: '/add-course', path: '/add-course', probe: true });
  await screen.findByRole('cell', { name: 'Course 29' });
  expect(screen.getAllByRole('row')).toHaveLength(25);
  expect(screen.getByText('Showing 24 of 30 courses')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Load more courses' }));
  expect(await screen.findByRole('cell', { name: 'Course 00' })).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(31);
  expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument();
  expect(seen.at(-1)?.url).toBe(`${API}/api/courses?cursor=24&fields=card&limit=24&sort=newest`);
  await waitFor(() => expect(location()).toBe('/add-course?shown=30'));
});

test('the search box asks the server once typing pauses, and the URL keeps the words', async () => {
  const { seen } = server([COURSE, OTHER]);
  renderWithProviders(<CoursesSection />, { route: '/add-course', path: '/add-course', probe: true });
  await screen.findByRole('cell', { name: 'Phlebotomy' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'phleb');
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Medical Billing' })).not.toBeInTheDocument());
  expect(screen.getByRole('cell', { name: 'Phlebotomy' })).toBeInTheDocument();
  // One request for the word, not one per letter.
  expect(seen.filter((r) => r.url.includes('q='))).toEqual([expect.objectContaining({ url: `${API}/api/courses?fields=card&limit=24&q=phleb&sort=newest` })]);
  expect(location()).toBe('/add-course?q=phleb');
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Search courses' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'zzz');
  expect(await screen.findByText('No courses match “zzz”')).toBeInTheDocument();
});

test('Sort by asks the server for that order and keeps it in the URL', async () => {
  const { seen } = server([COURSE, OTHER]);
  renderWithProviders(<QuickProgramsSection />, { route: '/add-quick-program', path: '/add-quick-program', probe: true });
  await screen.findByRole('cell', { name: 'Phlebotomy' });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price (high to low)');
  await waitFor(() => expect(seen.at(-1)?.url).toBe(`${API}/api/quick-programs?fields=card&limit=24&sort=price-desc`));
  expect(location()).toBe('/add-quick-program?sort=price-desc');
});

test('a URL with words, an order and a length opens on that list', async () => {
  const { seen } = server(many(60));
  renderWithProviders(<CoursesSection />, { route: '/add-course?q=course&sort=name&shown=48', path: '/add-course' });
  expect(await screen.findByRole('searchbox', { name: 'Search courses' })).toHaveValue('course');
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  await screen.findByText('Showing 48 of 60 courses');
  expect(seen[0]?.url).toBe(`${API}/api/courses?fields=card&limit=48&q=course&sort=name`);
});
