import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DEPLOY_DIR, ROOT } from './stack';

/** The script's refusal, with its own words (stderr), as the operator would read them. */
export class ScriptRefusal extends Error {
  constructor(readonly command: string, readonly stderr: string) {
    super(`${command} failed:\n${stderr}`);
  }
}

/** Runs `scripts/<name>` on this run's deploy folder, as an operator would: its output, or a ScriptRefusal. */
export function runScript(name: string, args: string[], timeout = 240_000): string {
  try {
    // tsx loads the site package's TypeScript the scripts import (resolved from the repository root).
    return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', name), ...args], {
      cwd: ROOT,
      env: { ...process.env, DEPLOY_DIR },
      stdio: 'pipe',
      timeout,
    }).toString();
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new ScriptRefusal(`${name} ${args.join(' ')}`, stderr || String(error));
  }
}
