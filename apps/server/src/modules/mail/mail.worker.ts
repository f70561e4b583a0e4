import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { redactPersonalData } from '../../platform/log.js';
import { claimDueMails, markMailFailed, markMailSent, type OutboxRow } from './mail.repository.js';

/** First retry after 30 s, doubling up to an hour: a mail server down for a night still gets the mail. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** SMTP says 5xx for answers that will not change on retry (unknown mailbox, rejected content). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

type Logger = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

export type MailWorker = {
  /** Sends what is due now; answers how many mails it handled. Safe to run on several instances at once. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

export type MailWorkerOptions = {
  db: Db;
  mail: Config['mail'];
  clock: Clock;
  log: Logger;
  /** Claims per round; each claimed mail is leased for a while so a crashed instance's mails come back. */
  batchSize?: number;
};

function bccFor(kind: string, bcc: Record<string, string[]>): string[] {
  const area = kind.split('.')[0] ?? kind;
  return bcc[area.toLowerCase()] ?? [];
}

async function deliver(transport: Transporter, from: string, mail: OutboxRow, bcc: string[]): Promise<void> {
  await transport.sendMail({
    from,
    to: mail.to,
    bcc: bcc.length > 0 ? bcc : undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { 'X-Mail-Kind': mail.kind, 'X-Outbox-Id': String(mail.id) },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content, 'base64'),
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  });
}

/**
 * The outbox delivery worker. Without SMTP_URL it does not start and mails stay queued (visible to
 * managers). Each round claims due mails atomically (FOR UPDATE SKIP LOCKED), so instances never send
 * one mail twice; a failure is written on the mail with the next attempt time, and after the last
 * attempt (or a permanent SMTP refusal) the mail stays `failed` until a manager resends it.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker | null {
  const { db, mail: settings, clock, log } = options;
  if (!settings.smtpUrl) {
    log.warn({}, 'SMTP_URL is not set: e-mails stay in the outbox');
    return null;
  }
  const transport = nodemailer.createTransport(settings.smtpUrl);
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const runOnce = async (): Promise<number> => {
    const claimed = await claimDueMails(db, clock.now(), batchSize);
    for (const mail of claimed) {
      try {
        await deliver(transport, settings.from, mail, bccFor(mail.kind, settings.bcc));
        await markMailSent(db, mail.id, clock.now());
      } catch (error) {
        const message = (error as Error).message?.slice(0, 500) || String(error);
        const final = isPermanent(error) || mail.attempts >= settings.maxAttempts;
        const next = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
        await markMailFailed(db, mail.id, message, final ? null : next);
        log.warn({ mailId: mail.id, attempt: mail.attempts, final, reason: redactPersonalData(message) }, 'mail delivery failed');
      }
    }
    return claimed.length;
  };

  const tick = async () => {
    if (stopped) return;
    running = runOnce().catch((error: unknown) => {
      log.error({ err: error }, 'mail worker round failed');
      return 0;
    });
    const handled = await running;
    running = null;
    // A full batch means more is due: go on at once instead of waiting a poll interval.
    if (!stopped) timer = setTimeout(() => void tick(), handled >= batchSize ? 0 : settings.pollMs);
  };
  timer = setTimeout(() => void tick(), 0);

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
      transport.close();
    },
  };
}
