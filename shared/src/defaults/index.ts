/**
 * The development defaults every package and script reads (issue 16): ports, the demo accounts, the provider
 * sandbox's credentials and the fictional institute. JSON, so the Node scripts read the same file
 * (scripts/lib/defaults.mjs). Production refuses the published passwords and secrets (api/src/config.ts).
 * Browser code imports only the institute (shared/src/config): the rest never reaches a bundle.
 */
import development from './development.json';
import institute from './institute.json';

export const DEV = development;
export const DEFAULT_INSTITUTE = institute;

/** http://localhost:<port> of a development service. */
export const localUrl = (port: number) => `http://localhost:${port}`;
