import type { AppConfig } from '../config';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Where PayPal sends the payer back: the site origin they paid from (the browser's Origin header), when it is one
 * of SITE_ORIGINS, so they land where their session is (localhost and 127.0.0.1 are two origins with two
 * localStorages). Anything else, or no Origin, gets SITE_URL: an unlisted origin never becomes a redirect target.
 */
export function returnBase(config: Pick<AppConfig, 'siteUrl' | 'siteOrigins'>, origin: string | undefined): string {
  if (!origin) return config.siteUrl;
  const asked = originOf(origin);
  // Only a bare origin, exactly as a browser sends it (no path, no credentials, no trailing slash).
  if (asked === null || asked === 'null' || asked !== origin) return config.siteUrl;
  if (asked === originOf(config.siteUrl)) return config.siteUrl;
  return config.siteOrigins.some((allowed) => originOf(allowed) === asked) ? asked : config.siteUrl;
}
