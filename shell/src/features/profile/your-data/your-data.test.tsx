import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, signIn, student } from '../../../testing/test-utils';
import { saveFile } from './save-file';
import { YOUR_DATA_TEXT as TEXT } from './texts';
import { YourData } from './your-data';

jest.mock('./save-file', () => ({ saveFile: jest.fn() }));

const pending = {
  id: 'r1', number: 7, status: 'pending', user: { id: 'u1', username: 'Maya', email: 'maya@example.com' },
  requestedAt: '2026-11-20T10:00:00.000Z', decidedAt: null, decidedBy: null, decisionReason: null,
};

/** mockFetch's replies have no headers or blob: the export's reply is a file, so it gets its own. */
function withExport(csv: string, status = 200, body: unknown = null) {
  const base = global.fetch;
  global.fetch = jest.fn(async (input: string, init?: RequestInit) => {
    if (!String(input).includes('/data-export')) return base(input, init);
    const headers = { get: (name: string) => ({ 'content-disposition': 'attachment; filename="my-data-2026-11-26.csv"', 'retry-after': '120' } as Record<string, string>)[name.toLowerCase()] ?? null };
    return { ok: status === 200, status, headers, blob: async () => new Blob([csv]), json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as unknown as typeof fetch;
  return global.fetch as jest.Mock;
}

describe('YourData', () => {
  beforeEach(() => (saveFile as jest.Mock).mockReset());

  it("downloads the student's own data as the file the server names, with the bearer token", async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { request: null } }));
    const fetched = withExport('"section","row","field","value"\r\n');
    renderWithProviders(<YourData userId="u1" />);
    expect(screen.getByRole('heading', { name: TEXT.heading })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (CSV)' }));
    expect(saveFile).toHaveBeenCalledWith('my-data-2026-11-26.csv', expect.any(Blob));
    const [url, init] = fetched.mock.calls.find(([u]) => String(u).includes('/data-export'))!;
    expect(url).toBe('http://localhost:4000/api/users/u1/data-export?format=csv');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: expect.stringMatching(/^Bearer /) });
  });

  it('says when the exports are used up (with the wait the server gave), and saves nothing', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { request: null } }));
    withExport('', 429, { error: 'Too Many Requests', message: 'Too many exports. Please try again in 2 minutes.' });
    renderWithProviders(<YourData userId="u1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 2 minutes and try again.');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('asks for erasure in a labelled dialog with the password; Escape closes it, a wrong password says so, then it is sent', async () => {
    signIn(student, 'u1');
    let wrongOnce = true;
    const { seen } = mockFetch((req) => {
      if (req.method === 'GET') return { body: { request: null } };
      if (wrongOnce) {
        wrongOnce = false;
        return { status: 400, body: { error: 'Bad Request', message: 'Your password is not correct.' } };
      }
      return { status: 201, body: pending };
    });
    renderWithProviders(<YourData userId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: TEXT.askErase }));
    let dialog = screen.getByRole('dialog', { name: TEXT.dialogTitle });
    expect(dialog).toHaveAccessibleDescription(TEXT.dialogBody);
    expect(within(dialog).getByLabelText(TEXT.password)).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: TEXT.askErase }));
    dialog = screen.getByRole('dialog', { name: TEXT.dialogTitle });
    await userEvent.type(within(dialog).getByLabelText(TEXT.password), 'guess');
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.askErase }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your password is not correct.');
    await userEvent.clear(within(dialog).getByLabelText(TEXT.password));
    await userEvent.type(within(dialog).getByLabelText(TEXT.password), 'Right one 2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.askErase }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.sent);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.askErase })).not.toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ password: 'guess' }, { password: 'Right one 2026!' }]);
    expect(seen.at(-1)!.url).toBe('http://localhost:4000/api/users/u1/erasure-request');
  });

  it('says when a request is open (no second one offered) and why one was declined (a new one offered)', async () => {
    signIn(student, 'u1');
    mockFetch(() => ({ body: { request: pending } }));
    const { unmount } = renderWithProviders(<YourData userId="u1" />);
    expect(await screen.findByText(TEXT.pending('November 20, 2026'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.askErase })).not.toBeInTheDocument();
    unmount();

    mockFetch(() => ({ body: { request: { ...pending, status: 'declined', decidedAt: '2026-11-21T10:00:00.000Z', decisionReason: 'Your balance is still open.' } } }));
    renderWithProviders(<YourData userId="u1" />);
    expect(await screen.findByText(TEXT.declined('November 20, 2026', 'Your balance is still open.'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.askErase })).toBeInTheDocument();
  });
});
