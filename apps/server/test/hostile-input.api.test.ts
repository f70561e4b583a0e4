import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT32_MAX, INT32_MIN, ROLES, type Role } from '@bjk/domain';
import { createTestApp, type TestContext } from './test-app.js';
import { managerHeaders } from './managers.js';

/**
 * Bad input is never a 5xx, let alone a crash: every operation of the app's OpenAPI description
 * (`app.swagger()`, so routes added later are walked too) gets hostile values of each type in each of its
 * params, query parameters and JSON body fields — a NUL, a lone surrogate, 2³¹, -1, a huge text, the wrong
 * type — and hostile bodies: empty, malformed JSON, multipart without a boundary or cut off before its
 * closing boundary. With a manager holding every permission, and without a token. A crash (an unhandled
 * error event) fails the run; a 5xx fails this test with the request that caused it.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: Schema;
};

let ctx: TestContext;
let operations: Operation[];
let admin: { authorization: string } | undefined;
const ALL_ROLES: Role[] = [...ROLES];

beforeAll(async () => {
  ctx = await createTestApp();
  const spec = ctx.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  };
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}, 60_000);
afterAll(async () => ctx?.close());

/** A manager with every role; logged in again when a walked route (logout, own password) ended its session. */
let loggingIn: Promise<{ authorization: string }> | undefined;
async function adminHeaders(): Promise<{ authorization: string }> {
  if (admin) return admin;
  loggingIn ??= managerHeaders(ctx, ALL_ROLES).finally(() => (loggingIn = undefined));
  admin = await loggingIn;
  return admin;
}

const typeOf = (schema: Schema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** Candidates for a `pattern`: the patterns of the domain are dates, codes, slugs, structured messages. */
const PATTERN_CANDIDATES = [
  '2026-07-01',
  'A',
  'a',
  'ab',
  'abc',
  '1',
  '10:00',
  '2026-07-01T10:00:00.000Z',
  '+++000/0000/00000+++',
  'BE68539007547034',
  randomUUID(),
];

/** A plausible valid value of a schema, so that one hostile field at a time reaches past validation. */
function example(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return example(options.find((o) => typeOf(o) !== 'null' && o.type !== 'null') ?? options[0], depth + 1);
  if (schema.allOf?.length) return example(schema.allOf[0], depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = example(property, depth + 1);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date') return '2026-07-01';
      if (schema.format === 'date-time') return '2026-07-01T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        const fit = PATTERN_CANDIDATES.find((c) => pattern.test(c));
        if (fit) return fit;
      }
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

/** Hostile values for a field of this schema's type: its own type's edges, the text rule's cases and a wrong type. */
function hostileValues(schema: Schema): unknown[] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [2 ** 31, -1, 1.5, 'x\u0000', null];
    case 'string':
      return ['x\u0000y', 'x\ud800y', 'a'.repeat(20_000), 2 ** 31, null];
    case 'boolean':
      return ['x\ud800', 1];
    default:
      return ['x\u0000', 2 ** 31, null];
  }
}

/** At most this many fields of one body get hostile values (evenly spread): the settings document has hundreds. */
const MAX_FIELDS_PER_BODY = 40;

/** Every field of a body (path and schema), depth first; arrays through their first item. */
function fields(schema: Schema | undefined, path: (string | number)[] = [], depth = 0): { path: (string | number)[]; schema: Schema }[] {
  if (!schema || depth > 8) return [];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fields(options.find((o) => typeOf(o) !== 'null') ?? options[0], path, depth);
  const type = typeOf(schema);
  const here = path.length ? [{ path, schema }] : [];
  if (type === 'object') {
    return [...here, ...Object.entries(schema.properties ?? {}).flatMap(([key, property]) => fields(property, [...path, key], depth + 1))];
  }
  if (type === 'array') return [...here, ...fields(schema.items, [...path, 0], depth + 1)];
  return here;
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1] as string | number] = value;
  return copy;
}

const pathValue = (value: unknown) => encodeURIComponent(String(value));
const HOSTILE_PATH_VALUES = ['%00', '%ED%A0%80', '%C0', '2147483648', '-1', 'a'.repeat(300)];
const HOSTILE_QUERY_VALUES = ['%00', '%ED%A0%80', '2147483648', '-1', 'a'.repeat(5_000)];

type Request = { method: string; url: string; headers?: Record<string, string>; payload?: string; what: string };

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '1');
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** The hostile requests of one operation. */
function hostileRequests(op: Operation): Request[] {
  const params = Object.fromEntries(op.params.map((p) => [p.name, pathValue(example(p.schema))]));
  const query = Object.fromEntries(op.query.filter((p) => p.required).map((p) => [p.name, pathValue(example(p.schema))]));
  const base = op.body ? example(op.body) : undefined;
  const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const requests: Request[] = [];
  const plain = (what: string, url: string, body?: { headers: Record<string, string>; payload: string }) =>
    requests.push({ method: op.method, url, what, ...(body ?? (base !== undefined ? json(base) : {})) });

  plain('plausible values', urlOf(op, params, query));
  for (const param of op.params) {
    for (const value of HOSTILE_PATH_VALUES) plain(`path ${param.name}=${value.slice(0, 20)}`, urlOf(op, { ...params, [param.name]: value }, query));
  }
  for (const param of op.query) {
    for (const value of HOSTILE_QUERY_VALUES) plain(`query ${param.name}=${value.slice(0, 20)}`, urlOf(op, params, { ...query, [param.name]: value }));
    plain(`query ${param.name} twice`, `${urlOf(op, params, { ...query, [param.name]: '1' })}&${param.name}=2`);
  }
  const url = urlOf(op, params, query);
  if (op.body) {
    const all = fields(op.body);
    const step = Math.max(1, all.length / MAX_FIELDS_PER_BODY);
    for (let i = 0; i < all.length; i += step) {
      const field = all[Math.floor(i)] as (typeof all)[number];
      for (const value of hostileValues(field.schema)) {
        plain(`body ${field.path.join('.')}=${JSON.stringify(value)?.slice(0, 20)}`, url, json(withValue(base, field.path, value)));
      }
    }
    plain('body null', url, json(null));
    plain('body array', url, json([]));
    plain('body string', url, json('x\u0000'));
  }
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    plain('empty JSON body', url, { headers: { 'content-type': 'application/json' }, payload: '' });
    plain('malformed JSON', url, { headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    plain('JSON with a NUL escape in a key', url, { headers: { 'content-type': 'application/json' }, payload: '{"a\\u0000":1}' });
    plain('multipart without boundary', url, { headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    const boundary = '----hostile';
    plain('multipart cut off before its closing boundary', url, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="x.txt"', 'Content-Type: text/plain', '', 'ID Number  Name\n1 a'].join(
        '\r\n',
      ),
    });
    plain('multipart without a file', url, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [`--${boundary}`, 'Content-Disposition: form-data; name="group"', '', 'x\u0000', `--${boundary}--`, ''].join('\r\n'),
    });
    plain('wrong content type', url, { headers: { 'content-type': 'text/plain' }, payload: 'x' });
  }
  return requests;
}

/**
 * One request, its body read as a stream: an event stream (results, live games, the desk) answers its headers and
 * then stays open, so its status is taken at the headers and the request is then aborted (the route's close
 * handler runs, as when a phone goes away).
 */
async function inject(request: Request, headers: Record<string, string> | undefined): Promise<{ status: number; body: string }> {
  const abort = new AbortController();
  const response = await ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...headers },
    payload: request.payload,
    payloadAsStream: true,
    signal: abort.signal,
  });
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

async function send(request: Request, auth: boolean): Promise<{ status: number; body: string }> {
  const used = auth ? await adminHeaders() : undefined;
  const response = await inject(request, used);
  if (auth && response.status === 401) {
    // A walked route ended the session (logout, password change): log in again (once for all walkers) and repeat.
    if (admin === used) admin = undefined;
    return inject(request, await adminHeaders());
  }
  return response;
}

describe('hostile input on every route of the OpenAPI description', () => {
  it('finds the routes to walk', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('declares every integer of a request within PostgreSQL integer (the bounded schemas of input-rules.ts)', () => {
    const unbounded: string[] = [];
    const check = (where: string, schema: Schema | undefined, depth = 0) => {
      if (!schema || depth > 10) return;
      if (
        typeOf(schema) === 'integer' &&
        !(schema.maximum !== undefined && schema.maximum <= INT32_MAX && (schema.minimum ?? schema.exclusiveMinimum ?? -Infinity) >= INT32_MIN - 1)
      ) {
        unbounded.push(where);
      }
      for (const [key, property] of Object.entries(schema.properties ?? {})) check(`${where}.${key}`, property, depth + 1);
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) check(where, option, depth + 1);
      if (schema.items) check(`${where}[]`, schema.items, depth + 1);
    };
    for (const op of operations) {
      for (const p of [...op.params, ...op.query]) check(`${op.method} ${op.path} ${p.in} ${p.name}`, p.schema);
      check(`${op.method} ${op.path} body`, op.body);
    }
    expect(unbounded, 'declare these with int32Schema, idSchema, idParamSchema or pageParamSchema of packages/domain').toEqual([]);
  });

  it('answers no hostile request with a 5xx, with a manager holding every permission and without a token', async () => {
    const failures: string[] = [];
    let sent = 0;
    const walk = async (op: Operation) => {
      const requests = hostileRequests(op);
      // Without a token first: a protected route refuses before reading anything and is walked by the manager
      // holding every permission; a public one is walked as the anonymous visitor who can reach it.
      const anonymous = await send(requests[0] as Request, false);
      sent += 1;
      const auth = anonymous.status === 401;
      if (anonymous.status >= 500) failures.push(`${anonymous.status} anonymous ${op.method} ${op.path} ${anonymous.body.slice(0, 200)}`);
      for (const request of requests) {
        sent += 1;
        const { status, body } = await send(request, auth);
        if (status >= 500) failures.push(`${status} ${auth ? 'manager' : 'anonymous'} ${op.method} ${op.path} (${request.what}) ${body.slice(0, 200)}`);
      }
    };
    // A few operations side by side (each one's requests in order): PostgreSQL serves them in parallel.
    const queue = [...operations];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) await walk(op);
      }),
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 300_000);
});
