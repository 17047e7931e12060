import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import VersionsPage from './versions-page';

(globalThis as { __MODULE_VERSION__?: string }).__MODULE_VERSION__ = '9.9.9';

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

test('reads each remote version from its manifest and marks unreachable ones', async () => {
  global.fetch = jest.fn((url: string) => {
    if (url === '/remotes.json') return json({ mf_catalog: '/mf-catalog/1.2.3/mf-manifest.json', mf_content: 'http://127.0.0.1:9/down.json' });
    if (url.endsWith('/mf-catalog/1.2.3/mf-manifest.json')) return json({ metaData: { buildInfo: { buildVersion: '1.2.3' } } });
    return Promise.reject(new TypeError('Failed to fetch'));
  }) as unknown as typeof fetch;
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><VersionsPage /></QueryClientProvider>);
  const catalog = await screen.findByRole('row', { name: /mf_catalog/ });
  expect(within(catalog).getByText('1.2.3')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /mf_content/ })).getByText('unavailable')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /shell/ })).getByText('9.9.9')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /mf_admin/ })).getByText('unavailable')).toBeInTheDocument();
});

test('says why this browser runs each version, and why a preview was refused', async () => {
  global.fetch = jest.fn((url: string) => {
    if (url === '/remotes.json') {
      return json({
        mf_catalog: '/mf-catalog/2.0.0/mf-manifest.json', mf_content: '/mf-content/1.1.0/mf-manifest.json',
        selection: { mf_catalog: 'preview', mf_content: 'canary' },
        notices: { mf_admin: 'This preview link has expired. You are seeing the live version.' },
      });
    }
    const version = /\/(\d+\.\d+\.\d+)\//.exec(url)?.[1];
    return json({ metaData: { buildInfo: { buildVersion: version } } });
  }) as unknown as typeof fetch;
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><VersionsPage /></QueryClientProvider>);
  const catalog = await screen.findByRole('row', { name: /mf_catalog/ });
  expect(within(catalog).getByText('preview (this browser only)')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /mf_content/ })).getByText('canary')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /shell/ })).getByText('live')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('This preview link has expired. You are seeing the live version.');
});
