// @institute/site: the site server, and what the publish step writes into a deploy folder for it.
export { createSiteServer, type SiteServerOptions } from './server/app';
export type { DevelopmentOptions } from './dev/dev-layer';
export { overridesEnabled, productionOverridesProblem } from './dev/module-overrides';
export {
  CONFIG_FILE, deployedFile, HEADERS_FILE, INDEX_FILE, liveShellVersion, PAGES_DIR, PAGES_INDEX, readJson, readRegistry,
  readSiteConfig, REGISTRY_FILE, type Registry, type SiteConfig,
} from './deploy-folder';
export { cspHash, escapeHtml, scriptJson, sha384 } from './html';
export { contentSecurityPolicy, CSP_REPORT_PATH, originOf, serializePolicy, type CspDirectives } from './headers/csp';
export { headersForPage, inlineStyleTexts, siteHeaders, writeSiteHeaders, type SitePolicy } from './headers/site-headers';
export { absoluteUrl, pageHead, replacePageHead } from './pages/page-head';
export { writePrerenderedPages } from './pages/prerender';
export { writeStaticPages } from './pages/static-pages';
export { robotsTxt, sitemapXml } from './seo-files';

import { writePrerenderedPages } from './pages/prerender';
import { writeStaticPages } from './pages/static-pages';
import { writeSiteHeaders } from './headers/site-headers';

/** The pages made from the live shell, registry and config: regenerated whenever one of them changes. */
export async function writeDerivedPages(root: string): Promise<void> {
  writeStaticPages(root);
  await writePrerenderedPages(root);
  writeSiteHeaders(root);
}

export { EMPTY_ROLLOUT, readRollout, ROLLOUT_FILE, writeRollout, type Canary, type Rollout, type Withdrawal } from './rollout/rollout-file';
export { PREVIEW_LIFETIME_MS, signPreview, verifyPreview, type PreviewClaim } from './rollout/preview-token';
export { bucketOf, liveFingerprint, previewClaim, selectVersions } from './rollout/selection';
export { checkCanaries, DEFAULT_WATCH, watchCanaries, watchSettingsFromEnv, type WatchSettings, type WithdrawPolicy } from './rollout/withdraw';
