import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * NIST SP 800-63B: 8 to 128 characters (Unicode code points), no composition rules, and a refusal, with the
 * reason, of passwords on a list of common or breached ones. The list is zxcvbn-ts's 49,000 most common
 * passwords (@zxcvbn-ts/language-common, shipped offline). Also refused, as 800-63B suggests: repetitive or
 * sequential characters and context-specific words (the service's name, the user's own email or username).
 */
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;
const SERVICE_WORDS = ['northbridge'];

export const PASSWORD_TEXT = {
  tooShort: `Password must be at least ${PASSWORD_LIMITS.min} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_LIMITS.max} characters long.`,
  common: 'This password is on a list of common or breached passwords. Please choose another one.',
  pattern: 'This password is too easy to guess: it repeats or counts through characters. Please choose another one.',
  personal: "This password is too easy to guess: it contains your email, your username or the institute's name. Please choose another one.",
} as const;

let common: ReadonlySet<string> | null = null;
/** Built on first use: about 50,000 lowercase entries. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common;
}

/** 'aaaaaaaa', 'abcabcabc', '12121212': one short unit over and over. */
const repeats = (text: string) => /^(.{1,4})\1+$/su.test(text);

/** 'abcdefgh', '87654321': each character one code point above (or below) the one before. */
function counts(text: string): boolean {
  const points = [...text].map((c) => c.codePointAt(0)!);
  const step = points[1]! - points[0]!;
  return Math.abs(step) === 1 && points.every((p, i) => i === 0 || p - points[i - 1]! === step);
}

function personal(lower: string, who: { email?: string; username?: string }): boolean {
  const email = who.email?.trim().toLowerCase() ?? '';
  const words = [...SERVICE_WORDS, email, email.split('@')[0] ?? '', who.username?.trim().toLowerCase() ?? '']
    .filter((word) => word.length >= 4);
  return words.some((word) => lower.includes(word));
}

/** Why this password may not be used, as a sentence for the form, or null when it may. */
export function passwordProblem(password: string, who: { email?: string; username?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_LIMITS.min) return PASSWORD_TEXT.tooShort;
  if (length > PASSWORD_LIMITS.max) return PASSWORD_TEXT.tooLong;
  const lower = password.normalize('NFKC').toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_TEXT.common;
  if (repeats(lower) || counts(lower)) return PASSWORD_TEXT.pattern;
  if (personal(lower, who)) return PASSWORD_TEXT.personal;
  return null;
}
