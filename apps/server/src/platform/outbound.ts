import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Every request the server makes to an address a user chose (a relay's `games.pgn` an arbiter typed, a push service's
 * endpoint a browser handed us) goes through here. Server-side request forgery is closed by one rule: the server
 * connects only to public addresses, checked **at connect time** against every address the name resolves to (so a
 * name that resolves to a public address when saved and to 127.0.0.1 when fetched, DNS rebinding, is refused), unless
 * an admin allowed that host or network through the environment (`OUTBOUND_ALLOW`), never through a setting.
 * Errors name the failure class only: nothing the other side sent, and no address, reaches the caller.
 */

/** Why an outbound request failed: the only thing a caller (and, through it, a user) learns. */
export type OutboundFailure =
  | 'scheme' // not http or https
  | 'blocked_address' // the name resolves to (or is) an address that is not public, and no admin allowed it
  | 'dns' // the name does not resolve
  | 'connect' // refused, reset or unreachable
  | 'tls' // the certificate or handshake failed
  | 'timeout' // no complete answer within the time cap
  | 'too_large' // the body is over the size cap
  | 'redirect' // a redirect to another host, or too many
  | 'protocol'; // a malformed answer

export class OutboundError extends Error {
  constructor(readonly failure: OutboundFailure) {
    super(`outbound request failed: ${failure}`);
    this.name = 'OutboundError';
  }
}

/** What an admin allowed beyond public addresses: host names (exact, lower case) and networks. */
export type OutboundPolicy = { hosts: ReadonlySet<string>; networks: net.BlockList; empty: boolean };

export const NO_OUTBOUND_EXCEPTIONS: OutboundPolicy = { hosts: new Set(), networks: new net.BlockList(), empty: true };

/**
 * Reads `OUTBOUND_ALLOW`: a comma-separated list of host names (`relay.venue.lan`), addresses (`192.168.1.20`) and
 * networks (`192.168.1.0/24`, `fd00::/8`). Throws with the offending entry for the config's error list.
 */
export function parseOutboundPolicy(value: string | undefined): OutboundPolicy {
  const entries = (value ?? '')
    .split(/[,\s]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const hosts = new Set<string>();
  const networks = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix, extra] = entry.replace(/^\[([^\]]*)\]/, '$1').split('/');
    const family = net.isIP(address ?? '');
    if (family && extra === undefined) {
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new Error(`not a network: ${entry}`);
      networks.addSubnet(address!, bits, family === 4 ? 'ipv4' : 'ipv6');
    } else if (prefix === undefined && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      hosts.add(entry);
    } else {
      throw new Error(`neither a host name nor an address or network: ${entry}`);
    }
  }
  return { hosts, networks, empty: entries.length === 0 };
}

/** Addresses that are not on the public internet (IANA special-purpose registries), by family. */
const NOT_PUBLIC = (() => {
  const list = new net.BlockList();
  for (const [address, bits] of [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local (cloud metadata services live here)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.88.99.0', 24], // 6to4 relay anycast
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and the broadcast address
  ] as const) {
    list.addSubnet(address, bits, 'ipv4');
  }
  for (const [address, bits] of [
    ['::', 128], // unspecified
    ['::1', 128], // loopback
    ['::', 96], // IPv4-compatible (deprecated)
    ['100::', 64], // discard
    ['2001:db8::', 32], // documentation
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ] as const) {
    list.addSubnet(address, bits, 'ipv6');
  }
  return list;
})();

/** The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6]!, words[7]!); // ::ffff:a.b.c.d
  if (zero(0, 4) && words[4] === 0xffff && words[5] === 0) return v4(words[6]!, words[7]!); // ::ffff:0:a.b.c.d (SIIT)
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6]!, words[7]!); // NAT64
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  return null;
}

/** The eight 16-bit words of an IPv6 address (dotted IPv4 tail allowed), or null when it is not one. */
function expandIpv6(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((word) => parseInt(word, 16)));
  const first = part(head);
  const last = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - first.length - last.length;
  const words = [...first, ...Array<number>(fill).fill(0), ...last];
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

/** Whether an IP address is on the public internet (every IPv6 form of a private IPv4 address counts as private). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return isPublicAddress(v4);
  return !NOT_PUBLIC.check(address.replace(/%.*$/, ''), 'ipv6');
}

function allowedAddress(address: string, policy: OutboundPolicy): boolean {
  if (isPublicAddress(address)) return true;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (policy.networks.check(address.replace(/%.*$/, ''), family === 4 ? 'ipv4' : 'ipv6')) return true;
  const v4 = family === 6 ? embeddedIpv4(address) : null;
  return v4 !== null && policy.networks.check(v4, 'ipv4');
}

/** Whether a URL could be fetched at all: http(s), and not a literal address or name that is never public. */
export function checkOutboundUrl(url: string, policy: OutboundPolicy): OutboundFailure | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  if (parsed.username || parsed.password) return 'scheme';
  const host = hostOf(parsed);
  if (policy.hosts.has(host)) return null;
  if (net.isIP(host)) return allowedAddress(host, policy) ? null : 'blocked_address';
  // Names that resolve on this machine only (RFC 6761 `localhost`, single-label names of the local network).
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'blocked_address';
  return null;
}

function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** How names are resolved: the system's resolver (tests give a name of their own). */
export type Resolver = (hostname: string, family: number) => Promise<dns.LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) => dns.promises.lookup(hostname, { all: true, family });

/**
 * The `lookup` the socket connects through: resolves every address of the name and refuses the connection when any
 * of them is not allowed. Checking inside the connection (not before it) is what defeats DNS rebinding.
 */
function guardedLookup(policy: OutboundPolicy, hostAllowed: boolean, resolve: Resolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0)).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error('dns'), { code: 'OUTBOUND_DNS' }), []);
        if (!hostAllowed && !addresses.every((entry) => allowedAddress(entry.address, policy))) {
          return callback(Object.assign(new Error('blocked'), { code: 'OUTBOUND_BLOCKED' }), []);
        }
        if (options.all) return callback(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      },
      () => callback(Object.assign(new Error('dns'), { code: 'OUTBOUND_DNS' }), []),
    );
  };
}

export type OutboundRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The whole exchange (connect, answer and body) must end within this. */
  timeoutMs: number;
  /** A body over this many bytes is refused (and not read further). */
  maxBytes: number;
  /** Redirects to the same scheme, host and port followed at most this many times (0: none). */
  maxRedirects?: number;
  policy: OutboundPolicy;
  /** Extra TLS options (a test's certificate authority). */
  ca?: string | Buffer;
  /**
   * A keep-alive agent for many requests to few hosts (push services): a connection is checked when it is made, and
   * only reused for the same host and port. Without it every request makes (and checks) its own connection.
   */
  agent?: http.Agent;
  resolve?: Resolver;
};

export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; url: string };

function failureOf(error: unknown): OutboundFailure {
  if (error instanceof OutboundError) return error.failure;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'OUTBOUND_BLOCKED') return 'blocked_address';
  if (code === 'OUTBOUND_DNS' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (/CERT|SSL|TLS|ERR_SSL|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return 'protocol';
  return 'connect';
}

/** One exchange without following redirects; refuses a body over the cap while it streams in. */
function exchange(url: URL, request: OutboundRequest, deadline: number): Promise<OutboundResponse> {
  const host = hostOf(url);
  const hostAllowed = request.policy.hosts.has(host);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const remaining = deadline - performance.now();
    if (remaining <= 0) return reject(new OutboundError('timeout'));
    let settled = false;
    const finish = (error: OutboundError | null, response?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        outgoing.destroy();
        reject(error);
      } else resolve(response!);
    };
    const outgoing = transport.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: request.headers,
        lookup: guardedLookup(request.policy, hostAllowed, request.resolve ?? systemResolver),
        agent: request.agent ?? false,
        ...(request.ca ? { ca: request.ca } : {}),
      },
      (incoming) => {
        const declared = Number(incoming.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) {
          finish(new OutboundError('too_large')); // first: destroying emits 'aborted' at once
          return incoming.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            finish(new OutboundError('too_large'));
            return incoming.destroy();
          }
          chunks.push(chunk);
        });
        incoming.on('end', () =>
          finish(null, { status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks), url: url.toString() }),
        );
        incoming.on('error', (error) => finish(new OutboundError(failureOf(error))));
        incoming.on('aborted', () => finish(new OutboundError('connect')));
      },
    );
    const timer = setTimeout(() => finish(new OutboundError('timeout')), remaining);
    outgoing.on('error', (error) => finish(new OutboundError(failureOf(error))));
    outgoing.end(request.body);
  });
}

/**
 * Fetches `url` under the outbound rules. Throws `OutboundError` naming the failure class; an HTTP error status is
 * an answer, not a failure (the caller decides), and its body is capped like any other.
 */
export async function fetchOutbound(url: string, request: OutboundRequest): Promise<OutboundResponse> {
  const deadline = performance.now() + request.timeoutMs;
  let current = url;
  for (let hop = 0; ; hop++) {
    const refused = checkOutboundUrl(current, request.policy);
    if (refused) throw new OutboundError(refused);
    const target = new URL(current);
    const response = await exchange(target, request, deadline);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location) return response;
    if (hop >= (request.maxRedirects ?? 0)) throw new OutboundError('redirect');
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new OutboundError('redirect');
    }
    // A redirect stays on the origin the user gave: another host would be a way around the check of the name typed.
    if (next.protocol !== target.protocol || next.host !== target.host) throw new OutboundError('redirect');
    current = next.toString();
  }
}
