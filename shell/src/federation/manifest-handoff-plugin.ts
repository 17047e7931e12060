import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeManifest } from './manifest-handoff';

/**
 * Answers the runtime's request for a remote's manifest with the read the shell started at the click, when there
 * is one, so a click costs one manifest request, not two (docs/decisions/063). Without one, or when that read
 * failed, the runtime fetches the manifest as it would.
 */
export default function manifestHandoffPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'institute-manifest-handoff',
    fetch(url) {
      const json = takeManifest(url);
      if (!json) return undefined;
      // A failed read answers nothing: the runtime makes its own request when the answer is not a Response
      // (its types name Response only, its code checks for one).
      return json.then(
        (value) => new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } }),
        () => undefined,
      ) as Promise<Response>;
    },
  };
}
