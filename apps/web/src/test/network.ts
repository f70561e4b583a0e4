import type { z } from 'zod';
import { ERROR_CODES } from '@bjk/domain/error-catalogue';
import { errorBodySchema } from '@bjk/domain/errors';

/**
 * The network as a page test sees it: the only thing faked in a page test. `fetch` answers from a table of routes
 * whose payloads parse with the shared zod schemas (a payload drifting from its schema fails the test where it is
 * written), and every request the page made is recorded, so a test asserts what was sent (`network.sent(…)`, its
 * body parsed with the request's schema).
 */

export type Answer = { status: number; body?: unknown };

/** A request the page made, as the server would read it. */
export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body parsed, a FormData as sent, or undefined. */
  body: unknown;
};

type Responder = Answer | ((request: SentRequest, params: Record<string, string>) => Answer);

/** One line of the table: `GET /api/v1/news/anon/:id` answers … */
export type Route = { method: string; pattern: string; respond: Responder };

/** A 2xx answer whose payload is what `schema` gives the wire (the server serialises through the same schema). */
export function ok<S extends z.ZodType>(schema: S, payload: z.input<S>, status = 200): Answer {
  return { status, body: schema.parse(payload) };
}

/** A coded error as the server answers it; the code must be one of the catalogue's (the web translates those). */
export function fail(status: number, code: string, details?: unknown): Answer {
  if (!(ERROR_CODES as readonly string[]).includes(code)) throw new Error(`${code} is not a code of the error catalogue`);
  return { status, body: errorBodySchema.parse({ code, message: `${code} (test)`, ...(details === undefined ? {} : { details }) }) };
}

/** A file's bytes (a photo, a PDF) as the server sends them. */
export function file(blob: Blob): Answer {
  return { status: 200, body: blob };
}

/** `'GET /api/v1/x/:id'` → a route answering `respond`. */
export function route(line: string, respond: Responder): Route {
  const [method, pattern] = line.split(' ');
  if (!method || !pattern) throw new Error(`"${line}" is not "METHOD /path"`);
  return { method, pattern, respond };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!);
    else if (segment !== have[i]) return null;
  }
  return params;
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body;
}

export class FakeNetwork {
  private routes: Route[] = [];
  readonly requests: SentRequest[] = [];
  /** Requests no route answered (answered 404 `platform.not_found`): a page test expects none. */
  readonly unanswered: SentRequest[] = [];

  /** Adds routes; a later route for the same address wins (a test overriding the shell's defaults). */
  answer(...routes: Route[]): this {
    this.routes.unshift(...routes.reverse());
    return this;
  }

  reset(): void {
    this.routes = [];
    this.requests.length = 0;
    this.unanswered.length = 0;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: readBody(init.body),
    };
    this.requests.push(request);
    // As the server's router: a fixed segment wins over a parameter (`/categories` before `/:category`); among
    // equals, the route added last (a test's own over the shell's defaults).
    let best: { route: Route; params: Record<string, string> } | undefined;
    for (const candidate of this.routes) {
      if (candidate.method !== request.method) continue;
      const params = match(candidate.pattern, request.path);
      if (params && (!best || Object.keys(params).length < Object.keys(best.params).length)) best = { route: candidate, params };
    }
    let answer: Answer | undefined;
    if (best) answer = typeof best.route.respond === 'function' ? best.route.respond(request, best.params) : best.route.respond;
    if (!answer) {
      this.unanswered.push(request);
      answer = { status: 404, body: { code: 'platform.not_found', message: `no test route for ${request.method} ${request.path}` } };
    }
    if (answer.status === 204 || answer.body === undefined) return new Response(null, { status: answer.status });
    if (answer.body instanceof Blob) return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.body.type } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };

  /** The requests made to `METHOD /path` (exact path, any query). */
  sentTo(line: string): SentRequest[] {
    const [method, path] = line.split(' ');
    return this.requests.filter((r) => r.method === method && (path?.includes(':') ? match(path, r.path) : r.path === path));
  }

  /** The bodies sent to `METHOD /path`, each parsed with the request's schema (a body the server would refuse fails). */
  sent<S extends z.ZodType>(line: string, schema: S): z.output<S>[] {
    return this.sentTo(line).map((r) => schema.parse(r.body));
  }
}

export const network = new FakeNetwork();
