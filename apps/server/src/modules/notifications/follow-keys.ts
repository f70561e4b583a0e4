import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../platform/db.js';
import { platformSecrets } from '../../platform/signed-links.tables.js';

/**
 * The keys of following: the VAPID pair push services know this site by (environment, else made once and kept in
 * `platform_secrets`: a new pair would orphan every browser's subscription) and the key of the unfollow and
 * confirmation tokens.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const kept = new WeakMap<object, Map<string, Promise<string>>>();

/** A secret made on first use and kept in the database; the first of two instances making it at once wins. */
async function keptSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  const cacheKey = (db as { $client?: object }).$client ?? db;
  let byName = kept.get(cacheKey);
  if (!byName) kept.set(cacheKey, (byName = new Map()));
  const cached = byName.get(name);
  if (cached) return cached;
  const reading = (async () => {
    await db.insert(platformSecrets).values({ name, value: make() }).onConflictDoNothing();
    const [row] = await db.select({ value: platformSecrets.value }).from(platformSecrets).where(eq(platformSecrets.name, name));
    return row!.value;
  })();
  byName.set(name, reading);
  reading.catch(() => byName.delete(name));
  return reading;
}

export async function vapidKeys(db: DbOrTx, config: Pick<Config, 'notifications'>): Promise<VapidKeys> {
  if (config.notifications.vapid) return config.notifications.vapid;
  return JSON.parse(await keptSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}

export type TokenUse = 'unfollow' | 'confirm';

async function tokenKey(db: DbOrTx): Promise<string> {
  return keptSecret(db, 'follow_tokens', () => randomBytes(32).toString('base64url'));
}

const mac = (key: string, use: TokenUse, id: string) => createHmac('sha256', key).update(`${use}:${id}`).digest('base64url');

/** `<subscription id>.<HMAC(use:id)>`: the unfollow link's token, or the (different) confirmation link's. */
export async function followToken(db: DbOrTx, use: TokenUse, id: string): Promise<string> {
  return `${id}.${mac(await tokenKey(db), use, id)}`;
}

/** The subscription id a token names, or null for a token this site did not make for this use. */
export async function readFollowToken(db: DbOrTx, use: TokenUse, token: string): Promise<string | null> {
  const [id, given] = token.split('.');
  if (!id || !given) return null;
  const expected = Buffer.from(mac(await tokenKey(db), use, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
