import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntries } from './audit.tables.js';
import { AppError } from './errors.js';
import { systemContext, type ServiceContext } from './service-context.js';
import { issueSignedLink, purgeSignedLinks, readSignedLink, revokeSignedLinks, signedLinkToken, useSignedLink } from './signed-links.js';
import { signedLinks } from './signed-links.tables.js';
import { createSecondInstance, createTestApp, testConfig, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let service: ServiceContext;
beforeAll(async () => {
  ctx = await createTestApp();
  service = systemContext(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

const MINUTE = 60_000;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
}

describe('signed links', () => {
  it('opens once: the first use spends a single-use link, the second is told it was used', async () => {
    ctx.clock.set(TEST_NOW);
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'once@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const used = await useSignedLink(service, 'family.sign_in', link.token);
    expect(used).toMatchObject({ subject: 'once@example.org', uses: 'once', useCount: 1 });
    expect(await codeOf(useSignedLink(service, 'family.sign_in', link.token))).toBe('410 platform.link_used');
    expect(await codeOf(readSignedLink(service, 'family.sign_in', link.token))).toBe('410 platform.link_used');
  });

  it('is not spent by reading it (the page a mail scanner opens)', async () => {
    ctx.clock.set(TEST_NOW);
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'read@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    for (let i = 0; i < 3; i++) expect((await readSignedLink(service, 'family.sign_in', link.token)).usedAt).toBeNull();
    expect((await useSignedLink(service, 'family.sign_in', link.token)).subject).toBe('read@example.org');
  });

  it('expires after its lifetime, to the millisecond', async () => {
    ctx.clock.set(TEST_NOW);
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'late@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 15 * MINUTE));
    expect(await codeOf(readSignedLink(service, 'family.sign_in', link.token))).toBe('410 platform.link_expired');
    expect(await codeOf(useSignedLink(service, 'family.sign_in', link.token))).toBe('410 platform.link_expired');
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 15 * MINUTE - 1));
    expect((await useSignedLink(service, 'family.sign_in', link.token)).subject).toBe('late@example.org');
    ctx.clock.set(TEST_NOW);
  });

  it('answers the same "not valid" for forged, cut-off, unknown and other purposes’ tokens', async () => {
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'forged@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    const [id, signature] = link.token.split('.') as [string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const unknownId = 'A'.repeat(22);
    for (const token of [`${id}.${flipped}`, link.token.slice(0, -1), id, '', 'x'.repeat(5000), `${unknownId}.${signature}`]) {
      expect(await codeOf(useSignedLink(service, 'family.sign_in', token)), token.slice(0, 40)).toBe('404 platform.link_invalid');
    }
    // A family link does not open a payment page, nor the other way round.
    expect(await codeOf(useSignedLink(service, 'payments.page', link.token))).toBe('404 platform.link_invalid');
    // …and none of those attempts spent it.
    expect((await useSignedLink(service, 'family.sign_in', link.token)).subject).toBe('forged@example.org');
  });

  it('lets exactly one of many concurrent uses of a single-use link through', async () => {
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'race@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => ctx.db.transaction((tx) => codeOf(useSignedLink({ ...service, db: tx }, 'family.sign_in', link.token)))),
    );
    expect(outcomes.filter((o) => o === 'no error')).toHaveLength(1);
    expect(outcomes.filter((o) => o === '410 platform.link_used')).toHaveLength(7);
  });

  it('stays unspent when the transaction of what it does fails', async () => {
    const link = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'rollback@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    await expect(
      ctx.db.transaction(async (tx) => {
        await useSignedLink({ ...service, db: tx }, 'family.sign_in', link.token);
        throw new Error('what the link does failed');
      }),
    ).rejects.toThrow('what the link does failed');
    expect((await useSignedLink(service, 'family.sign_in', link.token)).useCount).toBe(1);
  });

  it('serves a reusable link until its expiry, counting the uses, and renders the same token again', async () => {
    const expiresAt = new Date(Date.parse(TEST_NOW) + 90 * 24 * 60 * MINUTE);
    const link = await issueSignedLink(service, { purpose: 'payments.page', subject: '17', uses: 'until_expiry', expiresAt });
    expect(link.expiresAt).toEqual(expiresAt);
    for (let i = 1; i <= 3; i++) expect((await useSignedLink(service, 'payments.page', link.token)).useCount).toBe(i);
    expect(await signedLinkToken(service, 'payments.page', link.id)).toBe(link.token);
  });

  it('is withdrawn with every other live link of its subject', async () => {
    const a = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'gone@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    const b = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'gone@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    const other = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'stays@example.org', uses: 'once', lifetimeMs: 15 * MINUTE });
    expect(await revokeSignedLinks(service, 'family.sign_in', 'gone@example.org')).toBe(2);
    expect(await codeOf(useSignedLink(service, 'family.sign_in', a.token))).toBe('404 platform.link_invalid');
    expect(await codeOf(useSignedLink(service, 'family.sign_in', b.token))).toBe('404 platform.link_invalid');
    expect((await useSignedLink(service, 'family.sign_in', other.token)).subject).toBe('stays@example.org');
  });

  it('audits the issue with the manager who had it sent, and the single use', async () => {
    const actor = { accountId: '00000000-0000-4000-8000-000000000001', email: 'desk@example.org', displayName: 'Desk', permissions: new Set<never>() };
    const link = await issueSignedLink({ ...service, actor }, { purpose: 'family.sign_in', subject: 'audit@example.org', uses: 'once', lifetimeMs: MINUTE });
    await useSignedLink(service, 'family.sign_in', link.token);
    const entries = await ctx.db.select().from(auditEntries).where(eq(auditEntries.subjectId, link.id));
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ['signed_link.issue', 'desk@example.org'],
      ['signed_link.use', null],
    ]);
    expect(entries[0]!.after).toMatchObject({ purpose: 'family.sign_in', subject: 'audit@example.org', uses: 'once' });
    const [row] = await ctx.db.select().from(signedLinks).where(eq(signedLinks.id, link.id));
    expect(row?.createdBy).toBe('desk@example.org');
  });

  it('is honoured by every instance on the database (one key, made once), and by none with another key', async () => {
    const second = await createSecondInstance(ctx);
    try {
      const link = await issueSignedLink(systemContext(second), { purpose: 'family.sign_in', subject: 'other@example.org', uses: 'once', lifetimeMs: MINUTE });
      expect((await readSignedLink(service, 'family.sign_in', link.token)).subject).toBe('other@example.org');
      const foreignKey = { ...service, config: testConfig({ LINK_SECRET: 'k'.repeat(40) }) };
      expect(await codeOf(readSignedLink(foreignKey, 'family.sign_in', link.token))).toBe('404 platform.link_invalid');
      const own = await issueSignedLink(foreignKey, { purpose: 'family.sign_in', subject: 'keyed@example.org', uses: 'once', lifetimeMs: MINUTE });
      expect((await useSignedLink(foreignKey, 'family.sign_in', own.token)).subject).toBe('keyed@example.org');
    } finally {
      await second.close();
    }
  });

  it('purges links that expired before an instant, and only those', async () => {
    ctx.clock.set(TEST_NOW);
    const old = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'purged@example.org', uses: 'once', lifetimeMs: MINUTE });
    const live = await issueSignedLink(service, { purpose: 'family.sign_in', subject: 'kept@example.org', uses: 'once', lifetimeMs: 60 * MINUTE });
    await purgeSignedLinks(ctx.db, new Date(Date.parse(TEST_NOW) + 2 * MINUTE));
    const ids = (await ctx.db.select({ id: signedLinks.id }).from(signedLinks)).map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(live.id);
  });
});
