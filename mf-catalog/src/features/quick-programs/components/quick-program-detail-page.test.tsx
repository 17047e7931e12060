import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRemoteLoader } from '@institute/shared/federation';
import type { ProgramPaymentProps } from '@institute/shared/contract';
import { makeProgram } from '../../../testing/fixtures';
import { mockFetch, pending, renderAt, signIn } from '../../../testing/test-utils';
import { QuickProgramDetailPage } from './quick-program-detail-page';

function StubPayment({ programId, price, title }: ProgramPaymentProps) {
  return <p>Payment widget for {title} ({programId}) at {price}</p>;
}

const loader = jest.fn(async () => ({ default: StubPayment }));
const renderPage = (id = 'p1') => renderAt(<QuickProgramDetailPage />, { route: `/quick-programs/${id}`, path: '/quick-programs/:id' });
const aside = () => screen.getByRole('complementary', { name: 'Program summary' });
const fact = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling;

beforeEach(() => {
  loader.mockClear();
  setRemoteLoader(loader);
});

describe('QuickProgramDetailPage (/quick-programs/:id)', () => {
  it('shows a spinner while loading', () => {
    mockFetch(pending);
    renderPage();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('loads GET /api/quick-programs/{id} with the bearer token when signed in', async () => {
    const token = signIn();
    const { fn: fetch } = mockFetch(() => ({ status: 200, body: makeProgram() }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'CPR and First Aid' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://localhost:4000/api/quick-programs/p1');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: `Bearer ${token}` });
  });

  it('shows "Program not found or failed to load" on failure', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'InternalServerError', message: 'Something went wrong' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Program not found or failed to load$/);
  });

  it('shows "Program not found." for an id nobody has (the API\'s 404), as the site server renders it', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'NotFound', message: 'Not found' } }));
    renderPage();
    expect(await screen.findByText('Program not found.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Program not found." when the response holds no program', async () => {
    mockFetch(() => ({ status: 200 }));
    renderPage();
    expect(await screen.findByText('Program not found.')).toBeInTheDocument();
  });

  it('has description, contents and duration tabs', async () => {
    mockFetch(() => ({ status: 200, body: makeProgram({ prerequisite: 'Basic English' }) }));
    renderPage();
    const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Contents', 'Duration']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('One two three');

    await userEvent.click(tabs[1]!);
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Adult CPR', 'Choking relief']);

    await userEvent.click(tabs[2]!);
    const panel = screen.getByRole('tabpanel');
    expect(fact(panel, 'Prerequisite')).toHaveTextContent('Basic English');
    expect(fact(panel, 'Total hours')).toHaveTextContent('16 hours');
    expect(fact(panel, 'Duration')).toHaveTextContent('2 days');
    expect(fact(panel, 'Price')).toHaveTextContent('$750');
  });

  it('sanitizes the description', async () => {
    mockFetch(() => ({ status: 200, body: makeProgram({ description: '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>' }) }));
    renderPage();
    const panel = await screen.findByRole('tabpanel');
    expect(panel).toHaveTextContent('Hi');
    expect(panel.querySelector('script, [onerror]')).toBeNull();
  });

  it('shows price, duration, total hours and prerequisite in the side panel, reading prerequisite first', async () => {
    mockFetch(() => ({ status: 200, body: makeProgram({ prerequisite: 'Basic English', preRequisite: 'ignored' }) }));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(fact(aside(), 'Price')).toHaveTextContent('$750');
    expect(fact(aside(), 'Duration')).toHaveTextContent('2 days');
    expect(fact(aside(), 'Total hours')).toHaveTextContent('16 hours');
    expect(fact(aside(), 'Prerequisite')).toHaveTextContent('Basic English');
  });

  it('falls back to preRequisite, and to "Nothing" only when empty', async () => {
    mockFetch(() => ({ status: 200, body: makeProgram({ preRequisite: 'CNA license' }) }));
    const first = renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(fact(aside(), 'Prerequisite')).toHaveTextContent('CNA license');
    first.unmount();

    mockFetch(() => ({ status: 200, body: makeProgram({ preRequisite: '' }) }));
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(fact(aside(), 'Prerequisite')).toHaveTextContent(/^Nothing$/);
  });

  it("renders checkout's ProgramPayment widget with programId, price and title", async () => {
    mockFetch(() => ({ status: 200, body: makeProgram() }));
    renderPage();
    expect(await screen.findByText('Payment widget for CPR and First Aid (p1) at 750')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_checkout/ProgramPayment');
  });

  it('keeps the page working with a fallback when checkout is down', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRemoteLoader(() => Promise.reject(new Error('offline')));
    mockFetch(() => ({ status: 200, body: makeProgram() }));
    renderPage();
    expect(await screen.findByText('Payments is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'CPR and First Aid' })).toBeInTheDocument();
    expect(fact(aside(), 'Price')).toHaveTextContent('$750');
    error.mockRestore();
  });
});
