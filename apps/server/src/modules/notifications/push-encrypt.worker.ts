import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

/**
 * A thread of the push encryption pool (`push-encrypt.ts`): encrypts batches of messages for their browsers with
 * `web-push` (RFC 8291 aes128gcm: a fresh ECDH key pair per message, HKDF, AES-128-GCM). It imports nothing of ours,
 * so Node loads it as it is (type stripping), under tsx, vitest or `npm start` alike.
 */

type Job = { endpoint: string; p256dh: string; auth: string; payload: string; authorization: string; topic: string; ttl: number };
type Done = { headers: Record<string, string>; body: Uint8Array } | null;

parentPort!.on('message', (batch: { id: number; jobs: Job[] }) => {
  const transfer: ArrayBuffer[] = [];
  const results = batch.jobs.map((job): Done => {
    try {
      const details = webpush.generateRequestDetails({ endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } }, job.payload, {
        vapidDetails: null as never,
        headers: { Authorization: job.authorization },
        TTL: job.ttl,
        topic: job.topic,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      // A copy of its own: the body's bytes move to the main thread without being copied again.
      const body = new Uint8Array(details.body ?? new Uint8Array(0));
      transfer.push(body.buffer);
      return { headers, body };
    } catch {
      // Keys that are not a P-256 point or an auth secret too short: the message can never be encrypted.
      return null;
    }
  });
  parentPort!.postMessage({ id: batch.id, results }, transfer);
});
