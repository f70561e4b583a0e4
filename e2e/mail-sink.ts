/**
 * The e2e tests' mail server: a real SMTP server (smtp-server) that the app under test delivers to, and a small
 * HTTP API on loopback that the tests read the parsed mails from (mailparser). Started by playwright.config.ts
 * as a web server beside the app; its mailbox lives in memory for one test run.
 *
 *   GET /health                    → 200 once both servers listen
 *   GET /messages?to=&subject=     → the mails received so far (optionally filtered), newest last
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SinkMail = {
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; contentType: string; contentId: string | null; base64: string }[];
  receivedAt: string;
};

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('MAIL_SINK_SMTP_PORT and MAIL_SINK_HTTP_PORT are required');

const mails: SinkMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const addresses = (field: typeof mail.to): string[] =>
          (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: mail.from?.text ?? '',
          to: addresses(mail.to),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? null,
            contentType: a.contentType,
            contentId: a.contentId ?? null,
            base64: a.content.toString('base64'),
          })),
          receivedAt: new Date().toISOString(),
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const subject = url.searchParams.get('subject')?.toLowerCase();
    const found = mails.filter((m) => (!to || m.envelopeTo.includes(to)) && (!subject || m.subject.toLowerCase().includes(subject)));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    return;
  }
  res.writeHead(404).end();
});

smtp.listen(smtpPort, '127.0.0.1');
api.listen(httpPort, '127.0.0.1');

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
