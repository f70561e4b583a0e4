import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from '../../../test/push-service.js';
import { createEncryptPool, encryptHere, type EncryptJob } from './push-encrypt.js';

/** A browser's subscription keys, as `pushManager.subscribe` makes them. */
function browser() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return { keys: { ecdh, publicKey, auth }, p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') };
}

const job = (b: ReturnType<typeof browser>, payload: string): EncryptJob => ({
  endpoint: 'https://push.example.org/push/1',
  p256dh: b.p256dh,
  auth: b.auth,
  payload,
  authorization: 'vapid t=token, k=key',
  topic: 'U12-r1-p3',
  ttl: 86_400,
});

describe('push encryption (RFC 8291, aes128gcm)', () => {
  it('encrypts for the browser that holds the keys, with a fresh key and salt each time, in a thread as here', async () => {
    const b = browser();
    const payload = JSON.stringify({ kind: 'pairing', title: 'Timmerman Gert, Jan – ronde 1', body: 'Échiquier 1, blancs.' });
    const here = encryptHere(job(b, payload))!;
    expect(decryptAes128gcm(Buffer.from(here.body), b.keys).toString('utf8')).toBe(payload);
    expect(here.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', TTL: '86400', Urgency: 'high', Topic: 'U12-r1-p3' });
    expect(Number(here.headers['Content-Length'])).toBe(here.body.byteLength);
    const pool = createEncryptPool(1);
    try {
      const [threaded, again] = await pool.encrypt([job(b, payload), job(b, payload)]);
      expect(decryptAes128gcm(Buffer.from(threaded!.body), b.keys).toString('utf8')).toBe(payload);
      // Salt (16 bytes) and the server's key (after the 21-byte header) differ per message.
      expect(Buffer.from(threaded!.body.subarray(0, 16)).equals(Buffer.from(again!.body.subarray(0, 16)))).toBe(false);
      expect(Buffer.from(threaded!.body.subarray(21, 86)).equals(Buffer.from(here.body.subarray(21, 86)))).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('refuses keys that are not a P-256 point, an auth secret too short and a message over the 4 096 bytes a push service must take', () => {
    const b = browser();
    expect(encryptHere({ ...job(b, '{}'), p256dh: Buffer.alloc(65, 4).toString('base64url') })).toBeNull();
    expect(encryptHere({ ...job(b, '{}'), p256dh: 'AAAA' })).toBeNull();
    expect(encryptHere({ ...job(b, '{}'), auth: randomBytes(8).toString('base64url') })).toBeNull();
    expect(encryptHere(job(b, 'x'.repeat(3994)))).toBeNull();
    expect(encryptHere(job(b, 'x'.repeat(3993)))!.body.byteLength).toBe(4096);
  });
});
