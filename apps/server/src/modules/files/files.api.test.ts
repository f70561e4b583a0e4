import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedFilesIfEmpty } from './files.seed.js';
import { systemContext } from '../../platform/service-context.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { managerHeaders } from '../../../test/managers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let editor: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedFilesIfEmpty(systemContext(ctx), (await getCurrentEdition(ctx.db)).settings);
  editor = await managerHeaders(ctx, ['editor']);
}, 60_000);
afterAll(async () => ctx?.close());

/** A multipart body with text fields first and the file last, as the web sends it. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----bjk-test-boundary';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);

async function upload(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }, headers = editor) {
  const body = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: '/api/v1/filestore/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('uploading and downloading files', () => {
  it('stores an upload and serves it byte-identical with its type, ETag, caching and download name', async () => {
    const uploaded = await upload(
      { group: 'docs', displayName_nl: 'Speelschema', displayName_en: 'Playing schedule' },
      { name: 'Speelschema 2027.pdf', type: 'application/pdf', data: pdf },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({
      group: 'docs',
      name: 'Speelschema 2027.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      displayName: { nl: 'Speelschema', en: 'Playing schedule' },
    });

    const download = await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/file?group=docs&name=Speelschema%202027.pdf' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Speelschema 2027.pdf"');
    expect(download.headers['cache-control']).toContain('max-age=');
    const etag = String(download.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/filestore/anon/file?group=docs&name=Speelschema%202027.pdf',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('replaces a file uploaded again under the same name, with a new ETag', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/file?group=docs&name=Speelschema%202027.pdf' });
    await upload({ group: 'docs' }, { name: 'Speelschema 2027.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 second edition') });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/filestore/anon/file?group=docs&name=Speelschema%202027.pdf',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('%PDF-1.4 second edition');
  });

  it('refuses a file whose content does not match its type, and types that are not allowed', async () => {
    const fake = await upload({ group: 'docs' }, { name: 'rules.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script>') });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('files.type_not_allowed');
    const html = await upload({ group: 'docs' }, { name: 'page.html', type: 'text/html', data: Buffer.from('<html>') });
    expect(html.statusCode).toBe(415);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024)]);
    const response = await upload({ group: 'docs' }, { name: 'big.pdf', type: 'application/pdf', data: big });
    expect(response.statusCode).toBe(413);
  });

  it('keeps uploads closed to visitors', async () => {
    const body = multipart({ group: 'docs' }, { name: 'x.pdf', type: 'application/pdf', data: pdf });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/filestore/upload', headers: body.headers, payload: body.payload });
    expect(response.statusCode).toBe(401);
  });
});

describe('public and private groups', () => {
  it('lists the files of public groups only', async () => {
    await upload({ group: 'internal' }, { name: 'budget.csv', type: 'text/csv', data: Buffer.from('post;bedrag\nzaal;1200\n') });
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/files' })).json();
    expect(all.map((f: { group: string }) => f.group)).not.toContain('internal');
    expect(all.map((f: { name: string }) => f.name)).toContain('reglement-2027.pdf');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/files?group=internal' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/file?group=internal&name=budget.csv' })).statusCode).toBe(404);
    const groups = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/groups' })).json();
    expect(groups.map((g: { code: string }) => g.code)).toEqual(expect.arrayContaining(['docs', 'trn']));
  });

  it('lets managers download a private file as an attachment', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/file?group=internal&name=budget.csv', headers: editor });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('sponsors', () => {
  it('shows enabled sponsors with their logo and link', async () => {
    const sponsors = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/sponsors' })).json();
    expect(sponsors.length).toBeGreaterThanOrEqual(3);
    const logo = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/filestore/anon/file?group=${sponsors[0].logo.group}&name=${encodeURIComponent(sponsors[0].logo.name)}`,
    });
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('puts the sponsors in a new order for the carousel, audited, and refuses a stale list', async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/sponsors', headers: editor })).json<{ id: number; sortOrder: number }[]>();
    const reversed = all.map((s) => s.id).reverse();
    const reorder = (ids: number[], headers: Record<string, string> = editor) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/filestore/sponsors/order', headers, payload: { ids } });
    expect((await reorder(reversed, {})).statusCode).toBe(401);
    const answer = await reorder(reversed);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().map((s: { id: number }) => s.id)).toEqual(reversed);
    const visible = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/sponsors' })).json();
    expect(visible.map((s: { id: number }) => s.id)).toEqual(reversed);

    for (const stale of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999]]) {
      const refused = await reorder(stale);
      expect(refused.statusCode, JSON.stringify(stale)).toBe(409);
      expect(refused.json().code).toBe('files.sponsor_order_mismatch');
    }
    const audit = await ctx.db.execute(sql`select action, after from audit_entries where action = 'files.sponsor_reorder'`);
    expect((audit as { rows: { after: { ids: number[] } }[] }).rows.map((r) => r.after.ids)).toEqual([reversed]);
  });

  it('hides a disabled sponsor and refuses to delete a logo in use', async () => {
    const [first] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/sponsors', headers: editor })).json();
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/filestore/sponsors/${first.id}`,
      headers: editor,
      payload: { ...first, id: undefined, enabled: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const visible = (await ctx.app.inject({ method: 'GET', url: '/api/v1/filestore/anon/sponsors' })).json();
    expect(visible.map((s: { id: number }) => s.id)).not.toContain(first.id);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/filestore/file?group=${first.logo.group}&name=${encodeURIComponent(first.logo.name)}`,
      headers: editor,
    });
    expect(removal.statusCode).toBe(409);
  });
});
