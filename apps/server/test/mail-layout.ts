import type { Language } from '@bjk/domain';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { getCurrentEdition } from '../src/modules/edition/edition.service.js';
import { organiserFooter } from '../src/modules/mail/mail-layout.js';
import { startMailWorker } from '../src/modules/mail/mail.worker.js';
import { fixedClock } from '../src/platform/clock.js';
import type { DbOrTx } from '../src/platform/db.js';
import type { SmtpSink } from './smtp-sink.js';

/** Delivers everything the outbox holds to the SMTP sink (a worker whose clock is past every mail's due time). */
export async function deliverOutbox(db: Parameters<typeof startMailWorker>[0]['db'], smtp: SmtpSink): Promise<void> {
  const worker = startMailWorker({
    db,
    clock: fixedClock(new Date(Date.now() + 60_000)),
    log: { info() {}, warn() {}, error() {} },
    mail: { smtpUrl: smtp.url, from: 'BJK <noreply@bjk.test>', pollMs: 600_000, maxAttempts: 3, bcc: {} },
  });
  try {
    while ((await worker!.runOnce()) > 0);
  } finally {
    await worker?.stop();
  }
}

/**
 * Checks that a mail as it arrived over SMTP has the one layout (`mail-layout.ts`): an HTML part in the
 * recipient's language with the heading and the organiser's footer, and a plain-text part that starts with the
 * same heading and ends with the same footer after the signature separator.
 */
export async function expectMailLayout(db: DbOrTx, mail: ParsedMail | undefined, language: Language): Promise<void> {
  expect(mail, 'the mail arrived').toBeDefined();
  const footer = organiserFooter((await getCurrentEdition(db)).settings);
  const html = String(mail!.html);
  expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>[^<]+</title>`));
  const heading = /<h1 style="[^"]+">([^<]+)<\/h1>/.exec(html)?.[1];
  expect(heading, 'one h1 heading').toBeTruthy();
  expect(html.match(/<h1/g)).toHaveLength(1);
  expect(html).toContain(`<p style="font-size:12px;color:#7b8794;margin:24px 0 0">${footer.replace(/&/g, '&amp;')}</p></div></body></html>`);
  const text = mail!.text ?? '';
  const decode = (s: string) =>
    s
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  expect(text.startsWith(`${decode(heading!)}\n\n`)).toBe(true);
  expect(text.trimEnd().endsWith(`\n-- \n${footer}`)).toBe(true);
}
