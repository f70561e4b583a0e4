import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Encrypting a push message for its browser, and a thread of the push encryption pool (`push-encrypt.ts`) that does it
 * in batches. RFC 8291 (Message Encryption for Web Push) in RFC 8188's aes128gcm, one record: a fresh ECDH key pair
 * per message, the agreement with the browser's key, HKDF with the browser's auth secret, AES-128-GCM. Written on
 * `node:crypto` alone (the same steps `web-push` takes through `http_ece`, with HKDF in one native call instead of six
 * HMACs): it costs about a third less CPU per message, the largest share of a fan-out. It imports nothing of ours, so
 * Node loads it as it is (type stripping) in a worker thread, under tsx, vitest or `npm start` alike.
 */

export type EncryptJob = {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The JSON of the notice. */
  payload: string;
  /** The VAPID `Authorization` header (made once per push service, reused). */
  authorization: string;
  topic: string;
  ttl: number;
};

/** The request to post, or null when the subscription's keys cannot be used (a final failure). */
export type Encrypted = { headers: Record<string, string>; body: Uint8Array } | null;

const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
/** The padding delimiter of the last (here the only) record. */
const LAST_RECORD = Buffer.from([2]);

export function encryptForBrowser(job: EncryptJob): Encrypted {
  try {
    const browserKey = Buffer.from(job.p256dh, 'base64url');
    const authSecret = Buffer.from(job.auth, 'base64url');
    const plaintext = Buffer.from(job.payload);
    // Keys that are not a P-256 point or an auth secret too short, or a notice whose message would pass the 4 096
    // bytes every push service must take (RFC 8291 §4: header 86, delimiter 1, tag 16): never sendable.
    if (browserKey.length !== 65 || authSecret.length < 16 || 86 + plaintext.length + 1 + 16 > RECORD_SIZE) return null;
    const ecdh = createECDH('prime256v1');
    const serverKey = ecdh.generateKeys();
    const shared = ecdh.computeSecret(browserKey);
    const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, browserKey, serverKey]), 32));
    const salt = randomBytes(16);
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
    const cipher = createCipheriv('aes-128-gcm', key, nonce);
    // The aes128gcm header: salt, record size, the key id's length and the key id (the server's public key).
    const header = Buffer.alloc(21 + serverKey.length);
    salt.copy(header, 0);
    header.writeUInt32BE(RECORD_SIZE, 16);
    header.writeUInt8(serverKey.length, 20);
    serverKey.copy(header, 21);
    const sealed = [header, cipher.update(plaintext), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()];
    // A buffer of its own (not a slice of Node's shared pool): a thread hands it over without copying.
    const body = new Uint8Array(sealed.reduce((size, part) => size + part.length, 0));
    let offset = 0;
    for (const part of sealed) {
      body.set(part, offset);
      offset += part.length;
    }
    return {
      headers: {
        TTL: String(job.ttl),
        Urgency: 'high',
        Topic: job.topic,
        Authorization: job.authorization,
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'aes128gcm',
        'Content-Length': String(body.byteLength),
      },
      body,
    };
  } catch {
    return null;
  }
}

/** What the pool gives its threads as `workerData`: only a thread started by the pool answers batches. */
export const PUSH_ENCRYPT_THREAD = 'push-encrypt';

// In a pool's thread (not in a test runner's worker that imported this file): batches in, requests out, their
// bodies moved rather than copied.
const port = workerData === PUSH_ENCRYPT_THREAD ? parentPort : null;
port?.on('message', (batch: { id: number; jobs: EncryptJob[] }) => {
  const results = batch.jobs.map(encryptForBrowser);
  const transfer = results.flatMap((result) => (result ? [result.body.buffer as ArrayBuffer] : []));
  port.postMessage({ id: batch.id, results }, transfer);
});
