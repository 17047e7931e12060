import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks a module the runtime could not load, so the loader can tell a fallback from a real module. */
export const UNAVAILABLE = '__institute_remote_unavailable__';

/**
 * First resilience layer: a remote that is down or broken resolves to a marker instead of an unhandled
 * rejection deep in the runtime. No shared module is imported here: plugins run before the share scope exists.
 */
export default function runtimeFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'institute-runtime-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] ${id} failed at ${lifecycle}:`, error);
      if (lifecycle === 'onLoad' || lifecycle === 'afterResolve') {
        return { __esModule: true, default: undefined, [UNAVAILABLE]: String((error as Error)?.message ?? error) };
      }
      return undefined;
    },
  };
}
