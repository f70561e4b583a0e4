import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { makeTestCertificates, startPushService } from '../apps/server/test/push-service';

/**
 * The e2e push service: the server tests' loopback push service (TLS with a test CA, every payload decrypted with the
 * subscription's private key), started before the app, which trusts its CA through NODE_EXTRA_CA_CERTS. A small HTTP
 * API lets the specs take a subscription (handed to the page in place of a browser vendor's) and read what arrived:
 *   POST /subscriptions           → a new subscription (PushSubscription.toJSON() shape, with its id)
 *   GET  /messages?subscription=… → the decrypted messages of one subscription, oldest first
 *   GET  /health                  → 200 once both servers listen
 */
const caFile = process.env.PUSH_SERVICE_CA_FILE!;
const port = Number(process.env.PUSH_SERVICE_HTTP_PORT);

const certificates = await makeTestCertificates();
writeFileSync(caFile, certificates.ca);
const push = await startPushService({ certificates });

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/health') return json({ origin: push.origin });
    if (url.pathname === '/subscriptions' && req.method === 'POST') return json(push.subscribe());
    if (url.pathname === '/messages') return json(push.received.filter((m) => m.subscriptionId === url.searchParams.get('subscription')));
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1');
