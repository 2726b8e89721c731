import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Who a request comes from, for rate limits.
 *
 * X-Forwarded-For is written by whoever sends the request, so it is only believed as far as
 * our own proxies wrote it: with `trustedProxies` = N (TRUST_PROXY), the N right-most entries
 * come from our N load balancers, and the entry they recorded last is the client. With 0 (the
 * default) the header is ignored and the client is the connection's peer. Same rule as
 * Express's "trust proxy" hop count.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  const hops = [
    peer,
    ...(forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .reverse(),
  ].filter((entry): entry is string => Boolean(entry));
  const chosen = hops[Math.min(trustedProxies, hops.length - 1)];
  // A malformed entry (a misconfigured proxy) falls back to the peer: stricter, never forgeable.
  const address = chosen && isIP(unmapped(chosen)) ? chosen : peer;
  return address ? rateLimitKey(address) : "unknown";
}

/** The client of request `c`, as clientAddress decides it (see there). */
export function requestClient(c: Context, trustedProxies: number): string {
  return clientAddress(peerAddress(c), c.req.header("X-Forwarded-For"), trustedProxies);
}

/** The peer address of the connection, where the runtime gives one (Node; not app.request()). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** "::ffff:10.0.0.1" (IPv4 on a dual-stack socket) is 10.0.0.1. */
function unmapped(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/**
 * IPv4 addresses count one by one; IPv6 ones by their /64 network, since one subscriber
 * usually gets a whole /64 and could otherwise rotate through addresses to dodge the limit.
 */
export function rateLimitKey(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) !== 6) return plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = plain.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array(missing).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
