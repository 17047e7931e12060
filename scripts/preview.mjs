#!/usr/bin/env node
// Prints a link that makes the browser opening it, and no other, run a published version of one module for 24 hours
// (decision 039). Signed with SITE_PREVIEW_SECRET, the site server's own secret; `npm start` sets a development one.
// Usage: npm run preview -- <module> <version>
//   Refused when the module is unknown, the version unpublished, or the live site cannot run with it.
import { previewClaim, readRegistry, readSiteConfig, signPreview } from '@institute/site';
import { compatibilityProblems } from './lib/compatibility.mjs';
import { DEV } from './lib/defaults.mjs';
import { deployDir, findModule } from './lib/modules.mjs';

const [name, version] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const module = name && findModule(name);
try {
  if (!module || !version) throw new Error(`usage: npm run preview -- <module> <version>${name && !module ? ` (unknown module ${name})` : ''}`);
  if (module.host) throw new Error('the shell has no preview: a preview swaps one remote module');
  const root = deployDir();
  const problems = compatibilityProblems(root, { module, version });
  if (problems.length) throw new Error(`${module.dir} ${version} cannot run beside the live site, so it has no preview:\n- ${problems.join('\n- ')}`);
  const secret = process.env.SITE_PREVIEW_SECRET || (process.env.NODE_ENV === 'production' ? '' : DEV.previewSecret);
  if (!secret) throw new Error('SITE_PREVIEW_SECRET is not set: the site server refuses previews without it');
  const claim = previewClaim(root, readRegistry(root), module.federationName, version);
  const site = process.env.SITE_URL || readSiteConfig(root)?.siteUrl || `http://127.0.0.1:${process.env.SITE_PORT || DEV.ports.site}`;
  console.log(`${new URL(`/preview?token=${signPreview(claim, secret)}`, site).href}`);
  console.log(`${module.dir} ${version} for the browser that opens it, until ${new Date(claim.expires).toISOString()}`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
