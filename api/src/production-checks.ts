import { passwordProblem } from './lib/password-policy';

type Env = Record<string, string | undefined>;

/** The values anyone can read in this repository: none may guard a production deployment. */
export interface PublishedDefaults {
  passwords: string[];
  /** Name -> the development or sandbox value it must not keep. */
  secrets: Record<string, string>;
}

const MIN_SECRET_BYTES = 32;
/** What 32 random bytes carry; a secret that estimates lower was typed, not generated. */
const MIN_SECRET_BITS = 128;
const GENERATE = 'generate one with `openssl rand -base64 48`';
const URLS = ['PUBLIC_URL', 'SITE_URL', 'PAYPAL_API_BASE'] as const;
const REQUIRED = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_MERCHANT_ID'] as const;

/** Shannon entropy of the text's own character frequencies, times its length: 0 for 'aaaa…', ~6 bits a char for base64. */
export function estimatedBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  return perChar * chars.length;
}

function jwtSecretProblem(secret: string | undefined): string | null {
  if (!secret) return `JWT_SECRET is not set: ${GENERATE}.`;
  const bytes = Buffer.byteLength(secret);
  if (bytes < MIN_SECRET_BYTES) return `JWT_SECRET is ${bytes} bytes long; it must be at least ${MIN_SECRET_BYTES}: ${GENERATE}.`;
  if (estimatedBits(secret) < MIN_SECRET_BITS) return `JWT_SECRET is too predictable (repeated or too few different characters): ${GENERATE}.`;
  return null;
}

function httpsProblem(name: string, raw: string | undefined): string | null {
  if (!raw?.trim()) return `${name} is not set: give the https URL the public uses.`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `${name} must be an absolute https URL (got "${raw}").`;
  }
  return url.protocol === 'https:' ? null : `${name} must use https in production (got "${raw}").`;
}

/**
 * Everything wrong with a production environment, one sentence per problem (issue 15, item 3): the server
 * prints them all at once and refuses to start, rather than failing on the first and hiding the rest.
 */
export function productionProblems(env: Env, defaults: PublishedDefaults): string[] {
  const problems: (string | null)[] = [jwtSecretProblem(env.JWT_SECRET)];
  for (const name of REQUIRED) if (!env[name]) problems.push(`${name} is not set.`);
  for (const [name, published] of Object.entries(defaults.secrets)) {
    if (env[name] === published) problems.push(`${name} is the published development value "${published}": use the production one.`);
  }
  const password = env.ADMIN_PASSWORD;
  if (password && defaults.passwords.includes(password)) {
    problems.push('ADMIN_PASSWORD is a published development password: choose another.');
  } else if (password) {
    const why = passwordProblem(password, { email: env.ADMIN_EMAIL, username: env.ADMIN_USERNAME });
    if (why) problems.push(`ADMIN_PASSWORD fails the password policy: ${why}`);
  }
  for (const name of URLS) problems.push(httpsProblem(name, env[name]));
  const origins = (env.SITE_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (origins.length === 0) problems.push('SITE_ORIGINS is not set: list the https origins the site is served from (comma-separated).');
  for (const origin of origins) problems.push(httpsProblem(`SITE_ORIGINS entry "${origin}"`, origin));
  return problems.filter((p): p is string => p !== null);
}
