import { getConfig } from '../config';
import { tokenStore } from '../auth/token-store';

/** What went wrong: an HTTP answer with an error status, no answer at all, or no answer in time. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/**
 * Every failed call becomes one error type carrying the HTTP status and the server's message. `status` is 0 when
 * no answer came; `kind` then says whether the server could not be reached ('network') or did not answer within
 * the request timeout ('timeout'). `retryAfterSeconds` is the server's Retry-After (429, 503), when it sent one.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly retryAfterSeconds: number | null;
  /** The message of the server's own `{ error, message }` body; null when there was no answer or none was sent. */
  readonly serverMessage: string | null;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    kind?: ApiErrorKind,
    retryAfterSeconds: number | null = null,
    /** Defaults to `message` for an answered call; the client passes null when the body had no message. */
    serverMessage?: string | null,
    /**
     * The call carried a bearer token. A 401 to such a read means that token is over; a 401 to one without a token
     * will not change by asking again, so only the first kind is read again once the visitor is signed out.
     */
    readonly sentToken: boolean = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind ?? (status === 0 ? 'network' : 'http');
    this.retryAfterSeconds = retryAfterSeconds;
    this.serverMessage = (serverMessage === undefined ? (status > 0 ? message : null) : serverMessage)?.trim() || null;
  }

  /** No answer from the server (unreachable or too slow): trying again later may work. */
  get isNetworkOrTimeout(): boolean {
    return this.kind !== 'http';
  }

  get isTimeout(): boolean {
    return this.kind === 'timeout';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  auth?: boolean;
  /** With `auth`: this bearer token instead of the stored one (logout sends the token it ends, already cleared). */
  token?: string;
  signal?: AbortSignal;
  /** Gives up after this many ms with ApiError kind 'timeout' (default: requestTimeoutMs(), 15 s); 0 waits for ever. */
  timeoutMs?: number;
  /**
   * Sends and accepts the API's device cookie (the sign-in routes only): a browser that signed in before is not
   * locked out by strangers' failed guesses (decision 027). Authorization stays the bearer token.
   */
  deviceCookie?: boolean;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
let defaultTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS;

/** Changes the timeout of every call that does not pass its own `timeoutMs` (0: none). */
export function setRequestTimeout(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`A request timeout must be 0 or more ms (got ${ms}).`);
  defaultTimeoutMs = ms;
}

export function requestTimeoutMs(): number {
  return defaultTimeoutMs;
}

function url(path: string): string {
  return `${getConfig().apiBaseUrl.replace(/\/$/, '')}${path}`;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s === 1 ? '1 second' : `${s} seconds`;
}

function retryAfter(response: Response): number | null {
  // Optional chaining: test doubles of Response often have no headers.
  const raw = (response.headers as Headers | undefined)?.get?.('Retry-After');
  return raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** A file the API sends (CSV, an export): its name from the server's Content-Disposition, its bytes as sent. */
export interface ApiFile {
  name: string;
  blob: Blob;
}

export interface DownloadOptions extends Omit<RequestOptions, 'body' | 'deviceCookie'> {
  /** The media type asked for (`text/csv`, …). */
  accept: string;
  /** The name saved when the server names none. */
  fallbackName: string;
}

export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return call(path, options, 'application/json', async (response) => {
    const text = await response.text();
    return (text ? safeJson(text) : undefined) as T;
  });
}

/**
 * The one way to fetch a file from the API (CSV, data exports): the same bearer token, timeout and ApiError as
 * `request`, the body kept as bytes, not parsed. Signed in by default: every file the API serves is someone's.
 */
export function download(path: string, { accept, fallbackName, auth = true, ...options }: DownloadOptions): Promise<ApiFile> {
  return call(path, { ...options, auth }, accept, async (response) => ({
    name: fileNameOf((response.headers as Headers | undefined)?.get?.('Content-Disposition') ?? null) ?? fallbackName,
    blob: await response.blob(),
  }));
}

/** `filename*=UTF-8''…` (RFC 6266) wins over `filename="…"`; a name with a path in it is not trusted. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let name: string | undefined;
  try {
    name = extended ? decodeURIComponent(extended.trim()) : undefined;
  } catch {
    name = undefined;
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
  return name && !/[\\/]/.test(name) ? name : null;
}

async function call<R>(
  path: string,
  { method = 'GET', body, auth = false, token: given, signal, timeoutMs = defaultTimeoutMs, deviceCookie = false }: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const headers: Record<string, string> = { Accept: accept };
  const token = given ?? tokenStore.getToken();
  const sentToken = Boolean(auth && token);
  if (sentToken) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  // One controller for the caller's signal and the timeout; `timedOut` tells the two apart.
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onCallerAbort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = timeoutMs > 0
    ? setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs)
    : undefined;
  const timeoutError = () => new ApiError(0, 'Timeout', `The server did not answer within ${seconds(timeoutMs)}.`, 'timeout');
  // The body stopped arriving: the same as no answer.
  const whileReading = async <V>(reading: () => Promise<V>): Promise<V> => {
    try {
      return await reading();
    } catch (cause) {
      if (timedOut) throw timeoutError();
      if ((cause as Error).name === 'AbortError') throw cause;
      throw new ApiError(0, 'NetworkError', 'The connection to the server was lost.', 'network');
    }
  };

  try {
    let response: Response;
    try {
      response = await fetch(url(path), { method, headers, body: payload, signal: controller.signal, ...(deviceCookie ? { credentials: 'include' as const } : {}) });
    } catch (cause) {
      if (timedOut) throw timeoutError();
      if ((cause as Error).name === 'AbortError') throw cause;
      throw new ApiError(0, 'NetworkError', 'The server could not be reached.', 'network');
    }
    if (response.ok) return await whileReading(() => read(response));
    const text = await whileReading(() => response.text());
    const err = ((text ? safeJson(text) : undefined) ?? {}) as { error?: string; message?: string };
    const own = typeof err.message === 'string' ? err.message : null;
    throw new ApiError(response.status, err.error ?? 'HttpError', own ?? `HTTP error! status: ${response.status}`, 'http', retryAfter(response), own, sentToken);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
