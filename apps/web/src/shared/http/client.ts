import { HttpError, NOT_SENT, NO_RESPONSE } from './http-error';
import { randomId } from '../random-id';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as `Idempotency-Key`; creating calls get one per call when none is given, reused for the retry. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Milliseconds; 0 (the default) means no timeout. */
  timeoutMs?: number;
  /**
   * `false`: never retried, and no `Idempotency-Key` is sent. For calls whose every attempt counts on the
   * server, such as a login (a throttled login retried at once would count twice and could never succeed).
   */
  retry?: boolean;
};

export type HttpClientOptions = {
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called when a request with a token answers 401 (expired or revoked session). */
  onUnauthorized?: () => void;
};

/** Statuses after which a non-idempotent request is tried once more (the specification's list). */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);

function newKey(): string {
  return randomId();
}

async function readError(response: Response): Promise<HttpError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body = (await response.json()) as { code?: unknown; message?: unknown; details?: unknown };
      if (typeof body.code === 'string') {
        return new HttpError(response.status, body.code, String(body.message ?? response.statusText), body.details);
      }
    } catch {
      // A JSON content type with a broken body: treat it as a foreign answer below.
    }
  }
  return new HttpError(response.status, undefined, response.statusText || `HTTP ${response.status}`, undefined, true);
}

type InlinedAnswer = { status: number; body: unknown };
let inlined: Map<string, InlinedAnswer> | undefined;
/**
 * How long after the page's load its carried answers may be used: they are for the first render. One the first
 * page did not ask for (the menu in a language the visitor's stored choice overrides) is not served minutes later,
 * when the data may have changed.
 */
export const INLINED_ANSWERS_MS = 15_000;

/**
 * The answer the server put into the page's HTML for this address (`apps/server/src/platform/page-data.ts`: the
 * first page's public reads, fresh at the page's load), taken once: the first GET of the address in the page's first
 * seconds gets it without a round trip, every later one asks the network.
 */
export function takeInlinedAnswer(url: string): InlinedAnswer | undefined {
  const answers = readInlinedAnswers();
  if (answers.size > 0 && performance.now() > INLINED_ANSWERS_MS) answers.clear();
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}

function readInlinedAnswers(): Map<string, InlinedAnswer> {
  if (!inlined) {
    inlined = new Map();
    try {
      const block = typeof document === 'undefined' ? null : document.getElementById('bjk-page-data');
      if (block?.textContent)
        for (const [key, answer] of Object.entries(JSON.parse(block.textContent) as Record<string, InlinedAnswer>)) inlined.set(key, answer);
    } catch {
      // A broken block: every read goes to the network as without one.
    }
  }
  return inlined;
}

/**
 * Whether the page carries a coded error among its first answers (an unknown payment link, category or news entry):
 * its first render then shows that error in words, so the `errors` texts load at start-up with the others instead of
 * one round trip after that render (LCP).
 */
export function pageCarriesError(): boolean {
  for (const answer of readInlinedAnswers().values()) if (answer.status >= 400) return true;
  return false;
}

/** Forgets what the page carried (tests, which load pages of their own). */
export function resetInlinedAnswers(): void {
  inlined = undefined;
}

/**
 * The one HTTP client of the web app: base address, credentials, bearer token, language, error mapping
 * and the specification's retry rule (idempotent requests 0 retries, others once on RETRY_STATUSES, unless
 * the call opts out with `retry: false`).
 */
export function createHttpClient(options: HttpClientOptions) {
  async function send<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    let url: string;
    let init: RequestInit;
    const retried = opts.retry !== false && !IDEMPOTENT_METHODS.has(method);
    const idempotencyKey = opts.idempotencyKey ?? (retried ? newKey() : undefined);
    try {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) query.set(k, String(v));
      url = `${options.baseUrl}${path}${query.size ? `?${query}` : ''}`;
      const headers = new Headers({ accept: 'application/json', 'accept-language': options.getLanguage() });
      const token = options.getToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (idempotencyKey) headers.set('idempotency-key', idempotencyKey);
      let body: BodyInit | undefined;
      if (opts.body instanceof FormData) body = opts.body;
      else if (opts.body !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(opts.body);
      }
      init = { method, headers, body, credentials: 'include' };
    } catch (error) {
      throw new HttpError(NOT_SENT, undefined, (error as Error).message);
    }

    const answer = method === 'GET' && !opts.signal?.aborted ? takeInlinedAnswer(url) : undefined;
    if (answer) {
      if (answer.status >= 200 && answer.status < 300) return answer.body as T;
      const { code, message, details } = answer.body as { code: string; message?: unknown; details?: unknown };
      throw new HttpError(answer.status, code, String(message ?? ''), details);
    }

    const attempts = retried ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      const timeout = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
      const signal = opts.signal && timeout ? AbortSignal.any([opts.signal, timeout]) : (opts.signal ?? timeout);
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal });
      } catch (error) {
        if ((error as Error).name === 'AbortError' && opts.signal?.aborted) throw error;
        throw new HttpError(NO_RESPONSE, undefined, (error as Error).message);
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const type = response.headers.get('content-type') ?? '';
        return (type.includes('application/json') ? await response.json() : await response.blob()) as T;
      }
      if (attempt < attempts && RETRY_STATUSES.has(response.status)) continue;
      const error = await readError(response);
      if (response.status === 401 && options.getToken()) options.onUnauthorized?.();
      throw error;
    }
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => send<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('PATCH', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => send<T>('DELETE', path, opts),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
