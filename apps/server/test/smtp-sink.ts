import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  url: string;
  received: (ParsedMail & { envelopeTo: string[] })[];
  /** Makes the next `n` deliveries fail with this SMTP code (4xx temporary, 5xx permanent). */
  failNext(n: number, code?: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** A real SMTP server on a loopback port: tests deliver to it and read what arrived, parsed by mailparser. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: SmtpSink['received'] = [];
  // Waiters of waitFor, woken by each arrival (no polling).
  const waiters = new Set<() => void>();
  let failures = 0;
  let failureCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: failureCode });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n, code = 451) {
      failures = n;
      failureCode = code;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (received.length < count) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`expected ${count} mails, got ${received.length}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
