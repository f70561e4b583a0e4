import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Category } from '@bjk/domain';
import { changeEditionSettings } from './edition-settings.js';
import type { TestContext } from './test-app.js';

type Headers = Record<string, string>;

/** A file of the domain package's fixtures: `dir` is `swar` or `trf`. */
export const domainFixture = (dir: string, name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../packages/domain/fixtures', dir, name));

/** A real Swar export of the domain package's fixtures. */
export const swarFixture = (name: string) => domainFixture('swar', name);

/** The specification's call POST /api/v1/tournament/json: the file in a base64 data URL, named as the back office names it. */
export function sendTournamentJson(ctx: TestContext, headers: Headers, name: string, file: Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers,
    payload: { name, jsoncontent: `data:application/json;base64,${file.toString('base64')}` },
  });
}

/** Publishes a file through the specification's call, which must take it; answers the version published. */
export async function publishTournament(ctx: TestContext, headers: Headers, name: string, file: Buffer): Promise<{ version: number; category: string }> {
  const response = await sendTournamentJson(ctx, headers, name, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A results file as the back office uploads it: multipart, field `file`. */
export function resultsMultipart(name: string, data: Buffer) {
  const boundary = '----bjk-results-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a Swar or TRF file as a draft; answers the raw response (201 with the draft and its diff). */
export function uploadResultsFile(ctx: TestContext, headers: Headers, name: string, data: Buffer) {
  const body = resultsMultipart(name, data);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/results/imports', headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** Publishes a draft as the next version of a category; answers the raw response. */
export function publishDraft(ctx: TestContext, headers: Headers, id: string, payload: { category: string; confirm?: boolean }) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/results/imports/${id}/publish`, headers, payload });
}

/** Uploads a file and publishes it as a category, both of which must succeed; answers the version published. */
export async function uploadAndPublish(ctx: TestContext, headers: Headers, name: string, data: Buffer, category: string): Promise<{ version: number }> {
  const draft = await uploadResultsFile(ctx, headers, name, data);
  expect(draft.statusCode, draft.body).toBe(201);
  const published = await publishDraft(ctx, headers, draft.json<{ id: string }>().id, { category });
  expect(published.statusCode, published.body).toBe(200);
  return published.json();
}

/** An arbiter's unofficial result through the specification's call (`name`, `round`, `boardnr`, `unofficial_result`, …). */
export function enterUnofficialResult(ctx: TestContext, headers: Headers, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/tournament/unofficial_result', headers, payload });
}

/**
 * Adds categories of their own to the edition, so that each test of a file publishes its own (staff categories: a
 * results category needs only to exist; no birth years to keep in order).
 */
export async function addResultsCategories(ctx: TestContext, codes: string[]): Promise<void> {
  const current = (await ctx.app.inject({ method: 'GET', url: '/api/v1/stay/common' })).json<{ settings: { categories: Category[] } }>().settings.categories;
  await changeEditionSettings(ctx, { categories: [...current, ...codes.map((code): Category => ({ code, kind: 'staff', color: '#607d8b' }))] });
}
