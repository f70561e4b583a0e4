import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { EventEmitter } from 'node:events';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

/**
 * A push service on a loopback port, over TLS with a certificate of a test certificate authority (what `web-push`
 * and the outbound guard insist on), standing in for a browser vendor's. It hands out subscriptions the way a browser
 * makes them (its own P-256 key pair and auth secret per subscription), and for every message it receives checks the
 * VAPID signature and DECRYPTS the payload (RFC 8291 / RFC 8188 aes128gcm) with that subscription's private key, so a
 * test reads the notification exactly as the phone would show it. Answers can be scripted per subscription (429 with
 * Retry-After, 410 gone).
 */

export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted JSON payload. */
  payload: Record<string, unknown>;
  topic: string | undefined;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID token's audience (checked against this service's origin) and subject. */
  vapid: { audience: string; subject: string; publicKey: string };
  receivedAt: number;
  /** Which TLS connection brought it (numbered in the order they were opened): each sender keeps its own. */
  connection: number;
};

export type BrowserSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

type Answer = { status: number; headers?: Record<string, string> };

export type PushService = {
  origin: string;
  /** The test CA's certificate: what the server must trust (its `ca`, or NODE_EXTRA_CA_CERTS). */
  ca: string;
  /** A new browser subscription at this service (the page's `pushManager.subscribe`). */
  subscribe(): BrowserSubscription & { id: string };
  /** The next answers for one subscription, in order (then 201 again). */
  script(subscriptionId: string, answers: Answer[]): void;
  /** Every message received and decrypted, in order. */
  received: ReceivedPush[];
  /** Requests answered with something else than 201 (refused by script, or undecryptable). */
  refused: { subscriptionId: string; status: number }[];
  /** TLS connections the senders opened so far (a sender that keeps its connections alive opens few). */
  connections(): number;
  /** Resolves once `count` messages were received in all (event-based; fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

type Keys = { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the user agent's side of aes128gcm. */
export function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 token signed with that key. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, token, k] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (claims.aud !== origin) throw new Error('VAPID audience is not this push service');
  return { audience: claims.aud, subject: claims.sub, publicKey: k };
}

/** A certificate authority and a certificate for 127.0.0.1 / localhost signed by it. */
export async function makeTestCertificates(): Promise<{ ca: string; key: string; cert: string }> {
  const caPair = await selfsigned.generate([{ name: 'commonName', value: 'BJK test push CA' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    ca: { key: caPair.private, cert: caPair.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { ca: caPair.cert, key: leaf.private, cert: leaf.cert };
}

export async function startPushService(options: { certificates?: { ca: string; key: string; cert: string } } = {}): Promise<PushService> {
  const certificates = options.certificates ?? (await makeTestCertificates());
  const subscriptions = new Map<string, Keys>();
  const scripts = new Map<string, Answer[]>();
  const received: ReceivedPush[] = [];
  const refused: PushService['refused'] = [];
  const verified = new Map<string, ReceivedPush['vapid']>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let origin = '';

  const server = https.createServer({ key: certificates.key, cert: certificates.cert, keepAliveTimeout: 5000 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const keys = subscriptions.get(id);
      const scripted = scripts.get(id)?.shift();
      const answer = (status: number, headers: Record<string, string> = {}) => {
        if (status !== 201) refused.push({ subscriptionId: id, status });
        response.writeHead(status, headers).end();
      };
      if (request.method !== 'POST' || !keys) return answer(404);
      if (scripted) return answer(scripted.status, scripted.headers);
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        // A sender reuses its token for hours (as push services do, a verified token is remembered).
        const header = request.headers.authorization ?? '';
        const vapid = verified.get(header) ?? checkVapid(header, origin);
        verified.set(header, vapid);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8')) as Record<string, unknown>;
        received.push({
          subscriptionId: id,
          payload,
          topic: request.headers.topic as string | undefined,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          vapid,
          receivedAt: performance.timeOrigin + performance.now(),
          connection: connectionIds.get(request.socket) ?? 0,
        });
        answer(201, { location: `${origin}/message/${randomUUID()}` });
        events.emit('received');
      } catch {
        answer(400);
      }
    });
  });
  let connections = 0;
  const connectionIds = new WeakMap<object, number>();
  server.on('secureConnection', (socket) => connectionIds.set(socket, ++connections));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: certificates.ca,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    script(subscriptionId, answers) {
      scripts.set(subscriptionId, [...answers]);
    },
    received,
    refused,
    connections: () => connections,
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off('received', check);
          reject(new Error(`expected ${count} push messages, got ${received.length}`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          events.off('received', check);
          resolve();
        };
        events.on('received', check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
