import { expect } from '@playwright/test';
import type { SinkMail } from './mail-sink';
import { mailSinkURL } from '../playwright.config';

export type { SinkMail };

/** The mails that reached the e2e SMTP server so far, for one recipient (and a subject part). */
export async function receivedMails(to: string, subject?: string): Promise<SinkMail[]> {
  const query = new URLSearchParams({ to });
  if (subject) query.set('subject', subject);
  const response = await fetch(`${mailSinkURL}/messages?${query}`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as SinkMail[];
}

/**
 * Waits until `count` mails for a recipient have arrived through SMTP (the app's outbox worker delivers them
 * in the background) and returns them, oldest first.
 */
export async function waitForMails(to: string, options: { subject?: string; count?: number; timeoutMs?: number } = {}): Promise<SinkMail[]> {
  const count = options.count ?? 1;
  let mails: SinkMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await receivedMails(to, options.subject);
        return mails.length;
      },
      { timeout: options.timeoutMs ?? 20_000, message: `mail(s) to ${to} arrived through SMTP` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}
