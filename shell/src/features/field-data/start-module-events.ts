import { setRemoteErrorListener } from '@institute/shared/federation';
import { ROUTES } from '../../app/route-table';
import { setRemoteLoadListener } from '../../federation/load-remote';
import type { SiteRegistry } from '../../federation/registry';
import { routePattern } from '../../lib/route-pattern';
import { createModuleEventsReporter, reportsModuleEvents, type ModuleEventsReporter } from './module-events';
import { runningModuleVersions } from './module-versions';

const remoteOf = (id: string) => id.split('/')[0] ?? id;

/**
 * Connects module health (decision 039) to what the page does: the loader's outcomes, the errors the remotes'
 * boundaries catch, uncaught errors from a remote's scripts, and the page hiding or being left. Nothing is
 * listened to, and nothing sent, on a page load that does not report (no canary, every module live).
 */
export function startModuleEvents(site: SiteRegistry): ModuleEventsReporter | null {
  if (typeof window === 'undefined' || !reportsModuleEvents(site.selection)) return null;
  const patterns = ROUTES.map((route) => route.path);
  const reporter = createModuleEventsReporter({
    remotes: site.remotes,
    selection: site.selection,
    page: () => routePattern(window.location.pathname, patterns),
    buildVersion: (remote) => {
      const version = runningModuleVersions()[remote];
      return version === 'unknown' ? undefined : version;
    },
  });
  setRemoteLoadListener((outcome) => {
    if (outcome.ok) reporter.loaded(remoteOf(outcome.id), outcome.ms);
    else reporter.loadFailed(remoteOf(outcome.id));
  });
  setRemoteErrorListener((id) => reporter.threw(remoteOf(id)));
  const onError = (event: ErrorEvent) => {
    const remote = event.filename ? reporter.remoteOfScript(event.filename) : undefined;
    if (remote) reporter.threw(remote);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  };
  window.addEventListener('error', onError);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', reporter.flush);
  return {
    ...reporter,
    stop() {
      setRemoteLoadListener(null);
      setRemoteErrorListener(null);
      window.removeEventListener('error', onError);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', reporter.flush);
      reporter.stop();
    },
  };
}
