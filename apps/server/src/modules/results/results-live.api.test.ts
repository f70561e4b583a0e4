import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerHeaders } from '../../../test/managers.js';
import { enterUnofficialResult, publishTournament, swarFixture } from '../../../test/results-publishing.js';
import { createSecondInstance, createTestApp, type TestContext } from '../../../test/test-app.js';

let first: TestContext;
let second: TestContext;
let arbiter: { authorization: string };
let secondUrl: string;

beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondInstance(first);
  arbiter = await managerHeaders(first, ['arbiter']);
  await publishTournament(first, arbiter, 'trn_u20', swarFixture('bycco_bjk2019_u20bg_round1_paired.json'));
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** Opens the category's event stream and answers a function that waits for the next `data:` message. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  async function nextMessage(): Promise<string> {
    for (;;) {
      const match = /^data: (.*)$/m.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return match[1]!;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
      // The connection is open (and subscribed) once the first comment arrived.
    }
  }
  async function opened(): Promise<void> {
    while (!buffer.includes(': connected')) {
      const { value } = await reader.read();
      buffer += decoder.decode(value, { stream: true });
    }
  }
  return { response, nextMessage, opened, close: () => controller.abort() };
}

describe('live results across two server instances', () => {
  it('delivers a result entered on one instance to a page connected to the other', async () => {
    const stream = await openStream(`${secondUrl}/api/v1/results/anon/U20/events`);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.opened();
    const message = stream.nextMessage();
    const entered = await enterUnofficialResult(first, arbiter, { name: 'trn_u20', round: 1, boardnr: 4, unofficial_result: '½-½' });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await message).toBe('unofficial:1:4');
    // What the page then reloads, from the other instance, has the result.
    const pairings = (await fetch(`${secondUrl}/api/v1/results/anon/U20/pairings/1`).then((r) => r.json())) as {
      pairings: { board: number; unofficialResult: string }[];
    };
    expect(pairings.pairings.find((p) => p.board === 4)!.unofficialResult).toBe('½-½');
    stream.close();
  });

  it('refuses a stream for a category the edition does not have', async () => {
    const response = await fetch(`${secondUrl}/api/v1/results/anon/U99/events`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('results.unknown_category');
  });
});
