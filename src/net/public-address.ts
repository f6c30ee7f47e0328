/**
 * Outgoing requests to addresses a player gave (webhooks, Web Push endpoints), without
 * letting them reach this machine or its network (SSRF):
 *
 * - an address is public only when ipaddr.js calls it plain `unicast`: every loopback,
 *   private, link-local, carrier-grade NAT, unique-local, multicast, reserved,
 *   documentation and benchmarking range is refused, and so is every IPv6 form that
 *   carries an IPv4 address (IPv4-mapped `::ffff:0:0/96` — which URL parsing writes as
 *   `[::ffff:7f00:1]` —, IPv4-translated, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4
 *   `2002::/16`, Teredo `2001::/32`);
 * - a name is resolved once, every address it resolves to must be public, and the
 *   connection is made to the address that was checked (a `lookup` given to the socket
 *   itself), so a second resolution cannot answer differently (DNS rebinding);
 * - no redirect is followed.
 */
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent } from 'undici';

/** A destination refused for good (retrying will not help). */
export class RefusedAddress extends Error {
  override name = 'RefusedAddress';
}

/** Whether `e` (or what it wraps) is a refused destination. */
export function refusedAddress(e: unknown): boolean {
  for (let x = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) if (x instanceof RefusedAddress) return true;
  return false;
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

export interface Resolved {
  address: string;
  family: number;
}

/** Name → every address it has (the system resolver by default; tests give their own). */
export type Resolver = (hostname: string) => Promise<Resolved[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for net/tls.connect: resolves once, refuses the name if any of its addresses
 * is not public (unless `allowPrivate`), and hands the socket the checked addresses only.
 */
export function checkedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: { family?: number | string; all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const all = found.filter((a) => family === 0 || a.family === family);
        if (all.length === 0) return callback(Object.assign(new RefusedAddress(`${hostname} has no address`), { code: 'ENOTFOUND' }));
        if (!allowPrivate) {
          const bad = all.find((a) => !isPublicAddress(a.address));
          if (bad) return callback(new RefusedAddress(`${hostname} resolves to a non-public address`));
        }
        if (options.all) return callback(null, all);
        return callback(null, all[0]!.address, all[0]!.family);
      },
      (err: unknown) => callback(err),
    );
  }) as LookupFunction;
}

/** Refuses a URL whose host is written as a non-public address (sockets do not look literals up). */
export function refuseLiteral(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new RefusedAddress(`the address ${url.hostname} is not public`);
}

const agents = new Map<string, Agent>();
const byResolver = new WeakMap<Resolver, Map<boolean, Agent>>();

/** undici, loaded at the first POST: a server that sends no webhook and no Web Push holds none of it in memory. */
let undici: Promise<typeof import('undici')> | undefined;

function agentFor(AgentClass: typeof Agent, allowPrivate: boolean, resolve?: Resolver): Agent {
  const make = () => new AgentClass({ connect: { lookup: checkedLookup(resolve ?? systemResolver, allowPrivate) } });
  if (!resolve) {
    const key = String(allowPrivate);
    if (!agents.has(key)) agents.set(key, make());
    return agents.get(key)!;
  }
  let m = byResolver.get(resolve);
  if (!m) byResolver.set(resolve, (m = new Map()));
  if (!m.has(allowPrivate)) m.set(allowPrivate, make());
  return m.get(allowPrivate)!;
}

export interface PostOptions {
  headers: Record<string, string>;
  /** Text, or bytes (a Web Push's encrypted payload). */
  body: string | Uint8Array;
  timeoutMs: number;
  /** Loopback and private destinations allowed (tests; a private deployment). */
  allowPrivate: boolean;
  resolve?: Resolver;
}

/** POSTs `body` to `url` through the checks above; resolves with the status (redirects are not followed). */
export async function postChecked(url: URL, opts: PostOptions): Promise<number> {
  refuseLiteral(url, opts.allowPrivate);
  const { Agent: AgentClass, request } = await (undici ??= import('undici'));
  const res = await request(url, {
    method: 'POST',
    headers: opts.headers,
    body: opts.body,
    dispatcher: agentFor(AgentClass, opts.allowPrivate, opts.resolve),
    signal: AbortSignal.timeout(opts.timeoutMs),
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  await res.body.dump().catch(() => undefined);
  return res.statusCode;
}
