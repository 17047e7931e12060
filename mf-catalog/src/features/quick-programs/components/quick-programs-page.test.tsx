import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProgram } from '../../../testing/fixtures';
import { catalogServer } from '../../../testing/catalog-server';
import { mockFetch, pending, renderAt } from '../../../testing/test-utils';
import { QuickProgramsPage } from './quick-programs-page';

const renderPage = () => renderAt(<QuickProgramsPage />, { route: '/quick-programs', path: '/quick-programs' });

describe('QuickProgramsPage (/quick-programs)', () => {
  it('shows "Loading quick programs..." while loading', () => {
    mockFetch(pending);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading quick programs...');
  });

  it('fetches the program list from the API host', async () => {
    const { fn: fetch } = mockFetch(catalogServer([]).handler);
    renderPage();
    await screen.findByText('No programs available.');
    expect(fetch.mock.calls[0]![0]).toBe('http://localhost:4000/api/quick-programs?fields=card&limit=24');
  });

  it('says "No programs available." for an empty list', async () => {
    mockFetch(catalogServer([]).handler);
    renderPage();
    expect(await screen.findByText('No programs available.')).toBeInTheDocument();
  });

  it('shows "Error loading programs: HTTP error! status: 500" on an HTTP failure', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Internal', message: 'database down' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading programs: HTTP error! status: 500$/);
  });

  it('shows the network message when the server cannot be reached', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading programs: The server could not be reached\.$/);
  });

  it('renders cards with badge, image, title, 12-word plain excerpt, duration, hours, price and Explore link', async () => {
    mockFetch(catalogServer([makeProgram({ featured: true })]).handler);
    renderPage();
    const card = within((await screen.findAllByRole('listitem'))[0]!);
    expect(card.getByText('Featured')).toBeInTheDocument();
    const img = card.getByRole('img', { name: 'CPR and First Aid' });
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(card.getByRole('heading', { name: 'CPR and First Aid' })).toBeInTheDocument();
    expect(card.getByText('One two three four five six seven eight nine ten eleven twelve...')).toBeInTheDocument();
    expect(card.getByText('2 days')).toBeInTheDocument();
    expect(card.getByText('16 hours')).toBeInTheDocument();
    expect(card.getByText('$750')).toBeInTheDocument();
    await userEvent.click(card.getByRole('link', { name: 'Explore' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/quick-programs/p1');
  });

  it('names the next start on the card of a program with an open session, without seats when many are left', async () => {
    const program = { ...makeProgram({ _id: 'p7' }), nextSession: { startsOn: '2027-01-12', seatsLeft: 20 } };
    mockFetch(catalogServer([program, makeProgram({ _id: 'p8', title: 'Undated' })]).handler);
    renderPage();
    const [first, second] = await screen.findAllByRole('listitem');
    expect(within(first!).getByText('Next start').nextElementSibling).toHaveTextContent(/^Jan 12, 2027$/);
    expect(within(second!).queryByText('Next start')).not.toBeInTheDocument();
  });

  it('shows "No Image" without an image and no badge when not featured', async () => {
    mockFetch(catalogServer([makeProgram({ imgUrl: '', featured: false, description: '<p>Short <em>text</em></p>' })]).handler);
    renderPage();
    const card = within((await screen.findAllByRole('listitem'))[0]!);
    expect(card.getByText('No Image')).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
    expect(card.queryByText('Featured')).not.toBeInTheDocument();
    expect(card.getByText('Short text')).toBeInTheDocument();
  });
});
