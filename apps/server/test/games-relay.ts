import { expect } from 'vitest';
import type { TestContext } from './test-app.js';

type Headers = Record<string, string>;

/** The relay's push of a category's games: PGN text with the category's token (none: a push without one). */
export function pushPgn(ctx: TestContext, category: string, token: string | null, pgn: string, contentType = 'text/plain') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/games/push/${category}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: pgn,
  });
}

/** A new push token of a category, made by a manager (the one before stops working). */
export async function newPushToken(ctx: TestContext, headers: Headers, category: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/games/sources/${category}/token`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** Saves a category's games source as a manager does: no delay and no poll address unless told. */
export function saveGamesSource(
  ctx: TestContext,
  headers: Headers,
  category: string,
  change: { delaySeconds?: number; pollUrl?: string | null; pollSeconds?: number; pollRound?: number | null },
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/games/sources/${category}`,
    headers,
    payload: { delaySeconds: 0, pollUrl: null, pollSeconds: 30, pollRound: null, ...change },
  });
}
