#!/usr/bin/env node
// Shows what the site runs, or points one module at a published version (a rollback is the same call).
// Usage: npm run registry                      -> current registry and published versions
//        npm run registry -- <module> <version>
import { point, publishedVersions, readRegistry } from './lib/deploy.mjs';
import { MODULES } from './lib/modules.mjs';

const [name, version] = process.argv.slice(2);
try {
  if (name && version) {
    await point(name, version);
    console.log(`${name} now points at ${version}; it takes effect on the next page load`);
  } else {
    const registry = readRegistry();
    for (const m of MODULES) {
      const live = m.host ? '(index.html)' : registry[m.federationName] ?? '(not registered)';
      console.log(`${m.dir.padEnd(12)} live: ${live}   published: ${publishedVersions(m.dir).join(', ') || 'none'}`);
    }
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
