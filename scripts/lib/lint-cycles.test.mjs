// node --test: the lint's "no import cycles" rule sees a cycle between two TypeScript files and between two scripts
// (import-x parses an imported .ts file only when told its extensions and parser; without them it saw none).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './modules.mjs';

/** Two files in a throwaway folder under `dir` that import each other; the rule ids ESLint reports for them. */
async function cycleRules(dir, ext) {
  const folder = mkdtempSync(path.join(ROOT, dir, 'lint-cycle-'));
  try {
    const a = path.join(folder, `a${ext}`);
    const b = path.join(folder, `b${ext}`);
    // TypeScript imports name no extension; the scripts' ES modules do.
    const from = (name) => `./${name}${ext === '.ts' ? '' : ext}`;
    writeFileSync(a, `import { b } from '${from('b')}';\nexport const a = () => b();\n`);
    writeFileSync(b, `import { a } from '${from('a')}';\nexport const b = () => (a ? 1 : 0);\n`);
    const results = await new ESLint({ cwd: ROOT }).lintFiles([a, b]);
    return results.flatMap((result) => result.messages.map((message) => message.ruleId));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('two API files that import each other are a lint error', async () => {
  assert.deepEqual(await cycleRules('api/src', '.ts'), ['import-x/no-cycle', 'import-x/no-cycle']);
});

test('two scripts that import each other are a lint error', async () => {
  assert.deepEqual(await cycleRules('scripts', '.mjs'), ['import-x/no-cycle', 'import-x/no-cycle']);
});
