import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readJson } from '../deploy-folder';

/** Beside remotes.json: the canaries running now and the ones withdrawn (decision 039). remotes.json stays the live set. */
export const ROLLOUT_FILE = 'rollout.json';

export interface Canary {
  /** The module's folder in the deploy folder (`mf-catalog`). */
  dir: string;
  version: string;
  manifest: string;
  /** Share of visitors, 1 to 99. */
  percent: number;
  /** The canary's entry (and server build) with their sha384, vouched as the registry vouches for live ones. */
  integrity: Record<string, string>;
  since: string;
}

export interface Withdrawal {
  remote: string;
  version: string;
  liveVersion: string;
  at: string;
  reason: string;
}

export interface Rollout {
  canaries: Record<string, Canary>;
  withdrawn: Withdrawal[];
}

export const EMPTY_ROLLOUT: Rollout = { canaries: {}, withdrawn: [] };

/** Keeps the last withdrawals only: the admin sees recent ones; the log has them all. */
const WITHDRAWALS_KEPT = 20;

export function readRollout(root: string): Rollout {
  const raw = readJson<Partial<Rollout>>(path.join(root, ROLLOUT_FILE));
  return { canaries: raw?.canaries ?? {}, withdrawn: raw?.withdrawn ?? [] };
}

/** Written atomically, as the registry is: a request reads the old file or the new one. */
export function writeRollout(root: string, rollout: Rollout): void {
  const file = path.join(root, ROLLOUT_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ ...rollout, withdrawn: rollout.withdrawn.slice(-WITHDRAWALS_KEPT) }, null, 2)}\n`);
  renameSync(tmp, file);
}
