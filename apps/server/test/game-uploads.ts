import { expect } from 'vitest';
import type { GameUploadJob, PgnIngestReport } from '@bjk/domain';
import type { TestContext } from './test-app.js';

/** A PGN file as the back office sends it: multipart, field `file`. */
export function pgnMultipart(text: string, name = 'round.pgn') {
  const boundary = '----bjk-pgn-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/x-chess-pgn\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Starts a manager's upload (the answer: the job, 202) and answers the raw response. */
export function startUpload(
  ctx: TestContext,
  headers: Record<string, string>,
  category: string,
  text: string,
  options: { round?: number; idempotencyKey?: string } = {},
) {
  const body = pgnMultipart(text);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/games/sources/${category}/upload${options.round ? `?round=${options.round}` : ''}`,
    headers: { ...headers, ...body.headers, ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
    payload: body.payload,
  });
}

/**
 * Waits for an upload job to end (done, failed or interrupted): each read waits on the server until the job ends or 30 s
 * passed (`?wait=`, settled by the job itself, not a timer), and the whole wait fails with the last state after `timeoutMs`.
 */
export async function finishedUpload(ctx: TestContext, headers: Record<string, string>, id: string, timeoutMs = 120_000): Promise<GameUploadJob> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const wait = Math.max(1, Math.min(30, Math.floor((deadline - performance.now()) / 1000)));
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/games/uploads/${id}?wait=${wait}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json<GameUploadJob>();
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (performance.now() > deadline) throw new Error(`upload job ${id} has not ended: ${JSON.stringify(job)}`);
  }
}

/** Uploads a file and answers the finished job's report (the job must end done). */
export async function uploadAndWait(
  ctx: TestContext,
  headers: Record<string, string>,
  category: string,
  text: string,
  options: { round?: number } = {},
): Promise<PgnIngestReport> {
  const response = await startUpload(ctx, headers, category, text, options);
  expect(response.statusCode, response.body).toBe(202);
  const job = await finishedUpload(ctx, headers, response.json<GameUploadJob>().id);
  expect(job.status, JSON.stringify(job.error)).toBe('done');
  return job.report!;
}
