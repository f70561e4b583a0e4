/**
 * A random UUID v4 made in the browser (idempotency keys, the desk's scan ids). `crypto.randomUUID` exists only in a
 * secure context (https or localhost): a back office opened on the venue's plain-http address (http://192.168.1.20)
 * has no such function, and every save would throw. `crypto.getRandomValues` exists everywhere: one path for both.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
