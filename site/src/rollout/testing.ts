import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Publishes another version of the fixture's mf_demo (an entry and a manifest), not live. */
export function addVersion(root: string, version: string, entry = `var mf_demo = { version: '${version}' };\n`): void {
  const folder = path.join(root, 'mf-demo', version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'remoteEntry.js'), entry);
  writeFileSync(path.join(folder, 'mf-manifest.json'), `{"name":"mf_demo","exposes":[],"metaData":{"buildInfo":{"buildVersion":"${version}"}}}\n`);
}
