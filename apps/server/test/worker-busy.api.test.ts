import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_FILE_BYTES } from '../src/modules/results/tournament-file-workers.js';
import { managerHeaders } from './managers.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * Heavy work refused rather than piled up (issue 22): with one worker thread and room for one waiting file, uploads
 * arriving together beyond that are answered 503 `platform.busy` with a Retry-After, by the real route; once the
 * thread is free again the same upload goes through.
 */
let ctx: TestContext;
let arbiter: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ env: { WORKER_THREADS: '1', WORKER_QUEUE: '1' } });
  arbiter = await managerHeaders(ctx, ['arbiter']);
}, 60_000);
afterAll(async () => ctx?.close());

const file = readFileSync(path.resolve(import.meta.dirname, '../../../packages/domain/fixtures/swar/bycco_bjk2026_u08.json'));

function upload() {
  const boundary = '----bjk-busy-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u8.json"\r\nContent-Type: application/json\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/results/imports',
    headers: { ...arbiter, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('the worker threads full', () => {
  it('answer 503 platform.busy with Retry-After to the uploads beyond the one running and the one waiting, and take the next one', async () => {
    // Large enough to be read in a worker thread.
    expect(file.length).toBeGreaterThan(INLINE_FILE_BYTES);
    // The thread starts on the first file (it loads its modules meanwhile): the first file waits for it, the second
    // finds the one place in the queue taken.
    const answers = await Promise.all([upload(), upload(), upload(), upload()]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length, statuses.join()).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length, statuses.join()).toBeLessThanOrEqual(2);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length + statuses.filter((s) => s === 201).length).toBe(4);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ code: 'platform.busy' });
      expect(answer.headers['retry-after']).toBe('30');
    }
    // The same file again, the thread free: the draft the first upload made (the same file gives the same draft).
    const again = await upload();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(answers.find((a) => a.statusCode === 201)!.json().id);
    expect(again.json()).toMatchObject({ players: 26 });
  });
});
