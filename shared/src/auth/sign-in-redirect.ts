/**
 * Sending a visitor to sign in and back (issue 26): the page that sends them leaves, in the login page's navigation
 * state, where to return (with that page's own navigation state) and why they were sent, which the login page says
 * above its form. Only a path of this site is ever returned to.
 */

/** Why a page sent the visitor to sign in: the sentence the login page shows above its form. */
export const SIGN_IN_REASONS = {
  'view-course': 'Sign in to see the programs of this course.',
  enroll: 'Sign in to enroll in this course.',
  'pay-course': 'Sign in to pay for this course.',
  'pay-program': 'Sign in to pay for this program.',
  'payment-options': 'Sign in to choose how to pay.',
  page: 'Sign in to open this page.',
  'session-ended': 'Your session has ended. Sign in again to continue.',
} as const;

export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** Where to return after signing in: a path of this site and the navigation state that page had. */
export interface ReturnTo {
  pathname: string;
  search?: string;
  hash?: string;
  state?: unknown;
}

/** The login page's navigation state as a sending page leaves it. */
export interface SignInState {
  from: ReturnTo;
  reason?: SignInReason;
}

export function signInState(from: ReturnTo, reason?: SignInReason): SignInState {
  const { pathname, search = '', hash = '', state = null } = from;
  return reason ? { from: { pathname, search, hash, state }, reason } : { from: { pathname, search, hash, state } };
}

const BASE = 'http://same-site.invalid';
/** Pages a signed-in visitor has nothing to do on: returning there would show the form again. */
const NOT_A_RETURN = /^\/(login|register|forgot-password|reset-password)(\/|$)/i;
// Control characters (browsers drop tabs and newlines, so `/\t/evil` is `//evil`) and backslashes (read as `/`).
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rule refuses
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;

/** One form of the path is same-site: one leading slash, then no slash or backslash, no control character. */
function looksSameSite(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE_CHARACTER.test(path);
}

/**
 * The path to return to after signing in, or null when `value` is not a path of this site. Refuses other origins
 * (`https://…`, `//evil`), backslash and control-character tricks (`/\evil`, `/\t/evil`), and their percent-encoded
 * forms (`/%2F%2Fevil`, `/%5Cevil`, double encoding), so the target cannot leave the site whatever later decodes it.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  let form = value;
  for (let round = 0; round < 4; round += 1) {
    if (!looksSameSite(form)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) break;
    form = decoded;
    if (round === 3) return null;
  }
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_RETURN.test(url.pathname) ? null : path;
}

/** Where the login page sends the visitor once signed in, and what it says above its form. */
export interface SignInPlan {
  to: string;
  state: unknown;
  message?: string;
}

/**
 * Reads the login page's navigation state: a return target as `signInState` leaves it, or a bare path (what pages
 * of earlier releases leave, `{ from: '/payment/…' }`). Anything else returns home.
 */
export function readSignInState(state: unknown): SignInPlan {
  const { from, reason } = (state && typeof state === 'object' ? state : {}) as { from?: unknown; reason?: unknown };
  const message = typeof reason === 'string' && Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as SignInReason] : undefined;
  let to: string | null = null;
  let returnState: unknown = null;
  if (typeof from === 'string') to = safeReturnPath(from);
  else if (from && typeof from === 'object') {
    const { pathname, search, hash, state: pageState } = from as Record<string, unknown>;
    const text = (part: unknown) => (typeof part === 'string' ? part : '');
    if (typeof pathname === 'string') to = safeReturnPath(`${pathname}${text(search)}${text(hash)}`);
    returnState = pageState ?? null;
  }
  return to ? { to, state: returnState, message } : { to: '/', state: null, message };
}
