import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { entryIntegrity } from './entry-integrity';

/**
 * Loads each remote's entry script with the integrity the registry records for it (see entry-integrity.ts). The
 * entry then loads its own chunks and stylesheets with the hashes built into it.
 *
 * The runtime would also insert a remote's exposed chunks itself, as plain <script> and <link rel=stylesheet> read
 * from the manifest, which nothing vouches for; that is switched off, so the only scripts it creates are entries.
 * (The prerendered pages preload those chunks, with their integrity, so the first load still starts them early.)
 */
export default function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'institute-entry-integrity',
    beforePreloadRemote({ preloadOps }) {
      preloadOps.splice(0);
    },
    createScript({ url }) {
      const integrity = entryIntegrity(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}
