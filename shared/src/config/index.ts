import type { SiteConfig } from '../contract';
import institute from '../defaults/institute.json';

/** Used until `config.json` arrives, and in tests. Clearly fictional institute details (shared/src/defaults). */
export const DEFAULT_CONFIG: SiteConfig = {
  apiBaseUrl: 'http://localhost:4000',
  institute,
};

let current: SiteConfig = DEFAULT_CONFIG;

export function setConfig(config: SiteConfig): void {
  current = { ...DEFAULT_CONFIG, ...config, institute: { ...DEFAULT_CONFIG.institute, ...config.institute } };
}

export function getConfig(): SiteConfig {
  return current;
}

/** Fetches the per-environment `config.json`; never cached so a redeploy takes effect on the next load. */
export async function loadConfig(url = '/config.json'): Promise<SiteConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config = (await response.json()) as SiteConfig;
  if (typeof config.apiBaseUrl !== 'string') throw new Error('config.json: apiBaseUrl is missing');
  setConfig(config);
  return getConfig();
}
