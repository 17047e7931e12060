// node --test: two suites at once stay readable (`npm test`, `npm run typecheck`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const runModule = fileURLToPath(new URL('./run.mjs', import.meta.url));

/** Runs `run()` on a child that writes to both streams and exits with `code`; returns what reached the terminal. */
function runChild(code, prefix) {
  const child = `console.log('one'); console.log('two'); console.error('three'); process.exit(${code})`;
  const script = `import { run } from ${JSON.stringify(runModule)};
    run(process.execPath, ['-e', ${JSON.stringify(child)}], { prefix: ${JSON.stringify(prefix)} })
      .then(() => console.log('resolved'), (error) => console.log('rejected: ' + error.message));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

test('with a prefix, every line of both streams carries it, and all of it is out before the promise settles', () => {
  const { stdout, stderr } = runChild(0, '[api server] ');
  assert.equal(stdout, '[api server] one\n[api server] two\nresolved\n');
  assert.equal(stderr, '[api server] three\n');
});

test('a failing command still rejects, naming its exit code', () => {
  const { stdout } = runChild(3, '[api pglite] ');
  assert.match(stdout, /^\[api pglite\] one\n\[api pglite\] two\nrejected: .* exited with 3\n$/);
});
