import { chromium } from 'playwright';
import { startSite } from './site.mjs';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'];

/**
 * What every benchmark does around its measuring: the site at `base`, or one started for the run (on `dataDir`'s
 * profile, else a throwaway seeded one), and one Chromium; both end when `measure` has, whatever its outcome.
 * `measure` gets the site's address, the browser, and the started site (null for `base`).
 */
export async function withSiteAndChromium({ base = null, dataDir = null }, measure) {
  const site = base ? null : await startSite({ dataDir });
  try {
    const browser = await chromium.launch({ executablePath: CHROME, args: ARGS });
    try {
      return await measure({ base: base ?? site.siteUrl, browser, site });
    } finally {
      await browser.close();
    }
  } finally {
    await site?.stop();
  }
}
