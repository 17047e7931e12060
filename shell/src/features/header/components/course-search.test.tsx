import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@institute/shared/contract';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { CourseSearch } from './course-search';

const course = (id: string, title: string, extra: Partial<Course> = {}): Course => ({
  _id: id, title, imgUrl: `https://img.example/${id}.webp`, price: 900, duration: '12 weeks', totalHours: '120',
  credential: 'Certificate', preRequisite: 'None', description: '', content: [], certification: 'NHA',
  featured: false, createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z', ...extra,
});

const COURSES = [
  course('c1', 'Medical Billing and Coding', { totalHours: '160', duration: '16 weeks', certification: 'CBCS', credential: 'Diploma' }),
  course('c2', 'medical Assistant'),
  course('c3', 'Network Security Basics'),
  course('c4', 'Pharmacy Technician'),
];

const box = () => screen.getByRole('combobox', { name: 'Search courses' });

/** The API's answer to `?startsWith=…&sort=name&limit=10`: what a server holding COURSES would send. */
function serverSearch(url: string) {
  const params = new URL(url).searchParams;
  const prefix = (params.get('startsWith') ?? '').toLowerCase();
  const items = COURSES.filter((c) => c.title.toLowerCase().startsWith(prefix))
    .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase())).slice(0, Number(params.get('limit')));
  return { body: { items, total: items.length, nextCursor: null, categories: [] } };
}

async function renderLoaded() {
  const { fn: fetchMock, seen } = mockFetch((req) => serverSearch(req.url));
  renderWithProviders(<CourseSearch />);
  box().focus();
  return { fetchMock, seen };
}

describe('CourseSearch', () => {
  it('asks the server only once typing pauses, for the typed prefix, never for the whole catalog', async () => {
    const { fn: fetchMock, seen } = mockFetch((req) => serverSearch(req.url));
    renderWithProviders(<CourseSearch />);
    // Pacing: gives a fetch on mount, if there were one, the chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(box(), 'med');
    await screen.findAllByRole('option');
    // Typed quickly: one request, for the whole prefix, ten results at most, sorted by name.
    expect(seen.map((req) => req.url)).toEqual(['http://localhost:4000/api/courses?fields=card&limit=10&sort=name&startsWith=med']);
  });

  it('answers as the server does, title starting with the typed text in any case, with each result’s details', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'MED');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => within(o).getByText(/^medical/i).textContent)).toEqual(['medical Assistant', 'Medical Billing and Coding']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    const billing = options[1] as HTMLElement;
    expect(within(billing).getByText('Total hours: 160 · Duration: 16 weeks')).toBeInTheDocument();
    expect(within(billing).getByText('Certification: CBCS · Credential: Diploma')).toBeInTheDocument();
    expect(billing.querySelector('img')).toHaveAttribute('src', 'https://img.example/c1.webp');
    // "Security" appears inside a title but not at its start: the server finds nothing, and the box says so.
    await userEvent.clear(box());
    await userEvent.type(box(), 'security');
    expect(await screen.findByRole('status')).toHaveTextContent('No courses match “security”.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('never shows an older answer that does not match what is typed now', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    mockFetch(async (req) => {
      if (req.url.includes('startsWith=ph')) await gate;
      return serverSearch(req.url);
    });
    renderWithProviders(<CourseSearch />);
    await userEvent.type(box(), 'm');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await userEvent.clear(box());
    await userEvent.type(box(), 'ph');
    // The "m" answer is narrowed to what starts with "ph" (nothing) while the server is asked.
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('option', { name: /Pharmacy Technician/ })).toBeInTheDocument();
  });

  it('goes to /courses/{id} when a result is clicked', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'net');
    await userEvent.click(await screen.findByRole('option', { name: /Network Security Basics/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/c3');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('moves with ArrowDown/ArrowUp, opens with Enter and closes with Escape', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'm');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await userEvent.keyboard('{ArrowDown}');
    const [first, second] = screen.getAllByRole('option') as [HTMLElement, HTMLElement];
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    // Two matches: moving past either end wraps around.
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);

    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses\/c\d$/);
  });

  it('Enter opens the highlighted course', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'me');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    // Sorted by name: "medical Assistant" (c2), then "Medical Billing and Coding" (c1).
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/c1');
  });

  it('Enter with no option chosen shows every match on /courses?q=', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'medical a');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses\?q=medical%20a$/);
    expect(box()).toHaveValue('');
  });

  it('closes when clicking outside', async () => {
    await renderLoaded();
    await userEvent.type(box(), 'ph');
    expect(await screen.findByRole('option', { name: /Pharmacy Technician/ })).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('only logs a load error and never shows it', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'Database down' } }));
    renderWithProviders(<CourseSearch />);
    await userEvent.type(box(), 'med');
    await waitFor(() => expect(log).toHaveBeenCalledWith('[header search] Could not load courses:', expect.objectContaining({ status: 500 })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Database down/)).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    log.mockRestore();
  });
});
