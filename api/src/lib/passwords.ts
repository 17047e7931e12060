import argon2 from 'argon2';
import type { PasswordHashCost } from '../config';

// OWASP Password Storage Cheat Sheet, argon2id option 2: 19 MiB, 2 iterations, 1 lane (decision 005).
const OWASP = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Only reachable from test code (config never sets it from the environment): keeps suites fast.
const FAST = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always does the work of one verification, so an unknown email costs the same time as a wrong password. */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** True when the stored hash uses other parameters than today's: rehash on the next successful login. */
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = cost === 'owasp' ? OWASP : FAST;
  // Computed up front so even the first unknown-email login takes as long as a real one.
  const dummy = argon2.hash('timing-equaliser', options);
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      if (hash === null) {
        await argon2.verify(await dummy, password).catch(() => false);
        return false;
      }
      return argon2.verify(hash, password).catch(() => false);
    },
    needsRehash: (hash) => argon2.needsRehash(hash, options),
  };
}
