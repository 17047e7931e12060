import { createRoot } from 'react-dom/client';
import { loadConfig } from '@institute/shared/config';
import { setRemoteLoader } from '@institute/shared/federation';
import '@institute/shared/ui/tokens.css';
import { App } from './app/app';
import { fetchRegistry } from './federation/registry';
import { loadRemoteComponent, registerSiteRemotes } from './federation/load-remote';

async function start() {
  // The two per-environment files; a missing registry leaves the shell working with every remote slot on its fallback.
  const [config, remotes] = await Promise.allSettled([loadConfig(), fetchRegistry()]);
  if (config.status === 'rejected') console.error('[shell] config.json:', config.reason);
  if (remotes.status === 'fulfilled') registerSiteRemotes(remotes.value);
  else console.error('[shell] remotes.json:', remotes.reason);
  setRemoteLoader(loadRemoteComponent);
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
