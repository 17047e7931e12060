import { getConfig } from '../config';
import { tokenStore } from '../auth/token-store';

/** Every failed call becomes one error type carrying the HTTP status and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  auth?: boolean;
  signal?: AbortSignal;
}

function url(path: string): string {
  return `${getConfig().apiBaseUrl.replace(/\/$/, '')}${path}`;
}

export async function request<T>(path: string, { method = 'GET', body, auth = false, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.getToken();
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url(path), { method, headers, body: payload, signal });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, 'NetworkError', 'The server could not be reached.');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (data ?? {}) as { error?: string; message?: string };
    throw new ApiError(response.status, err.error ?? 'HttpError', err.message ?? `HTTP error! status: ${response.status}`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
