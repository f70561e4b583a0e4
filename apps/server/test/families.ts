import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ConsentChoices, Language } from '@bjk/domain';
import { familySignInRequests } from '../src/modules/family/family.tables.js';
import { mailOutbox } from '../src/modules/mail/mail.tables.js';
import { multipartFile } from './bank-statements.js';
import { TEST_NOW, type TestContext } from './test-app.js';

/**
 * Families for the family area's tests: children enrolled through the public wizard's calls (lookup, draft, photo,
 * confirmation) and a family's session through the mailed sign-in link, as a parent gets them.
 */

/** A badge photo the wizard accepts (large enough for the badge). */
export function badgePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 750, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();
}

export type ChildInput = { idbel: number; parentEmail: string; photo: Buffer; parentName?: string; language?: Language };

/** A member's child drafted with a parent and a photo, not yet confirmed; answers the registration's id. */
export async function draftChild(ctx: TestContext, { idbel, parentEmail, photo, parentName = 'A Parent', language = 'nl' }: ChildInput): Promise<string> {
  const lookup = (await ctx.app.inject({ method: 'GET', url: `/api/v1/registration/idbel/${idbel}` })).json();
  expect(lookup.youth, JSON.stringify(lookup)).toBe(true);
  const payload = {
    idbel,
    category: lookup.eligibleCategories[0],
    email: '',
    mobile: '',
    parent: { fullName: parentName, email: parentEmail, mobile: '+32 470 12 34 56' },
    attendant: { fullName: '', email: '', mobile: '' },
    language,
  };
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/registration/bjk', payload });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json();
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/registration/photo/${id}`,
    ...multipartFile('photo.jpg', photo, 'photo', 'image/jpeg'),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return id as string;
}

/** The wizard's last step: the GDPR consent, with the choices per purpose when given. */
export function confirmChild(ctx: TestContext, id: string, consents?: ConsentChoices) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/registration/confirm/${id}`, payload: { consent: true, ...(consents ? { consents } : {}) } });
}

/** A member's child enrolled and confirmed; answers the registration's id. */
export async function enrolChild(ctx: TestContext, input: ChildInput, consents?: ConsentChoices): Promise<string> {
  const id = await draftChild(ctx, input);
  const confirmed = await confirmChild(ctx, id, consents);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

/** A family's session cookie: a sign-in link asked for the address, read from the outbox's last such mail, used. */
export async function familySignIn(ctx: TestContext, email: string): Promise<string> {
  ctx.clock.set(TEST_NOW);
  // Each call is a new request: earlier ones would count against the address's rate limit.
  await ctx.db.delete(familySignInRequests);
  const asked = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/sign-in-link', payload: { email, language: 'nl' } });
  expect(asked.statusCode).toBe(202);
  const [mail] = (
    await ctx.db.select({ text: mailOutbox.text, to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.kind, 'family.sign_in')).orderBy(desc(mailOutbox.id))
  ).filter((m) => m.to.includes(email));
  const token = /\/family\/welcome#([A-Za-z0-9_.-]+)/.exec(mail!.text)![1]!;
  const session = await ctx.app.inject({ method: 'POST', url: '/api/v1/family/anon/session', payload: { token } });
  expect(session.statusCode, session.body).toBe(200);
  return String(session.headers['set-cookie']).split(';')[0]!;
}

/** A family: one member's child per idbel enrolled and confirmed under the same parent, in order; answers their registration ids. */
export async function enrolFamily(
  ctx: TestContext,
  parentEmail: string,
  idbels: number[],
  child: Omit<ChildInput, 'idbel' | 'parentEmail'>,
  consents?: ConsentChoices,
): Promise<string[]> {
  const ids: string[] = [];
  for (const idbel of idbels) ids.push(await enrolChild(ctx, { ...child, idbel, parentEmail }, consents));
  return ids;
}
