import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * Runs a command, streaming its output; rejects on a non-zero exit. With `prefix`, every line of its output (stdout
 * and stderr) starts with it, so two commands running at once stay readable.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { prefix?: string }} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, { prefix, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    if (prefix && child.stdout && child.stderr) {
      /** @type {[import('node:stream').Readable, NodeJS.WriteStream][]} */
      const streams = [[child.stdout, process.stdout], [child.stderr, process.stderr]];
      for (const [from, to] of streams) {
        readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
      }
    }
    child.on('error', reject);
    // 'close', not 'exit': the prefixed output is whole only once the child's pipes are drained.
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)));
  });
}
