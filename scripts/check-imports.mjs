#!/usr/bin/env node
// Import rules the bundler cannot enforce. The router is @institute/shared/router (one router context across
// modules; react-router is not a dependency, decision 022), DOMPurify through @institute/shared/safe-html, and no module may reach into
// another module's source.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/modules.mjs';

const PACKAGES = ['shared', 'shell', 'mf-catalog', 'mf-checkout', 'mf-content', 'mf-admin'];
const RULES = [
  { pattern: /from ['"]react-router(-dom)?['"]/, allowed: null, message: 'routing comes from @institute/shared/router (docs/decisions/022)' },
  { pattern: /from ['"]dompurify['"]/, allowed: 'shared/src/safe-html/', message: 'import sanitizeHtml from @institute/shared/safe-html' },
  { pattern: /from ['"](\.\.\/)+(shell|mf-[a-z]+)\//, allowed: null, message: 'modules never import each other; use federation' },
];

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') continue;
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry)) yield full;
  }
}

const problems = [];
for (const pkg of PACKAGES) {
  for (const file of files(path.join(ROOT, pkg, 'src'))) {
    const rel = path.relative(ROOT, file);
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const rule of RULES) {
        if (rule.pattern.test(line) && !(rule.allowed && rel.startsWith(rule.allowed))) problems.push(`${rel}:${i + 1}: ${rule.message}`);
      }
    });
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('import rules: ok');
