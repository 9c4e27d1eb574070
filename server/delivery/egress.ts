/**
 * The egress policy: which addresses the transports may dial (docs/decisions/0015). Loopback,
 * private, link-local, CGNAT, unspecified, multicast, broadcast, reserved and cloud metadata
 * addresses are refused unless DELIVERY_ALLOW lists them (a CIDR, a single IP or a host name);
 * public addresses need DELIVERY_PUBLIC. Host names are resolved here, once: the transports dial
 * the returned IP, so a name cannot resolve to another address between check and dial.
 */
import { lookup } from "node:dns/promises";
import type { EgressPolicy } from "./types.ts";

type Ip = { v: 4 | 6; n: bigint };

/** Parses an IPv4 or IPv6 literal (no brackets, no zone); null when it is not one. */
function parseIp(text: string): Ip | null {
  const v4 = parseV4(text);
  if (v4 !== null) return { v: 4, n: v4 };
  if (!text.includes(":") || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  // A trailing dotted quad (::ffff:10.0.0.1) becomes its two hexadecimal groups.
  let body = text;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    const embedded = parseV4(text.slice(lastColon + 1));
    if (embedded === null) return null;
    body = `${text.slice(0, lastColon + 1)}${(embedded >> 16n).toString(16)}:${
      (embedded & 0xffffn).toString(16)
    }`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => s === "" ? [] : s.split(":");
  const head = groups(halves[0]), rest = halves.length === 2 ? groups(halves[1]) : [];
  const count = head.length + rest.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return null;
  const words: bigint[] = [];
  for (const g of [...head, ...Array(8 - count).fill("0"), ...rest]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    words.push(BigInt(parseInt(g, 16)));
  }
  return { v: 6, n: words.reduce((acc, w) => (acc << 16n) | w, 0n) };
}

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

interface Network {
  ip: Ip;
  bits: number;
}

function parseNetwork(text: string): Network | null {
  const [addr, prefix, extra] = text.split("/");
  if (extra !== undefined) return null;
  const ip = parseIp(addr.replace(/^\[|\]$/g, ""));
  if (!ip) return null;
  const max = ip.v === 4 ? 32 : 128;
  const bits = prefix === undefined ? max : Number(prefix);
  if (!Number.isInteger(bits) || bits < 0 || bits > max || !/^\d*$/.test(prefix ?? "")) return null;
  return { ip, bits };
}

function contains(net: Network, ip: Ip): boolean {
  if (net.ip.v !== ip.v) return false;
  const shift = BigInt((ip.v === 4 ? 32 : 128) - net.bits);
  return (net.ip.n >> shift) === (ip.n >> shift);
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96). */
function embeddedV4(ip: Ip): Ip | null {
  if (ip.v !== 6) return null;
  const prefix = ip.n >> 32n;
  if (prefix === 0xffffn || prefix === 0x64ff9b0000000000000000n) {
    return { v: 4, n: ip.n & 0xffffffffn };
  }
  return null;
}

/** Special-purpose ranges, most specific first: the first match names the address's kind. */
const SPECIAL: [string, string][] = [
  ["169.254.169.254/32", "cloud metadata"],
  ["fd00:ec2::254/128", "cloud metadata"],
  ["0.0.0.0/8", "unspecified"],
  ["::/128", "unspecified"],
  ["127.0.0.0/8", "loopback"],
  ["::1/128", "loopback"],
  ["10.0.0.0/8", "private"],
  ["172.16.0.0/12", "private"],
  ["192.168.0.0/16", "private"],
  ["fc00::/7", "private"],
  ["100.64.0.0/10", "shared (CGNAT)"],
  ["169.254.0.0/16", "link-local"],
  ["fe80::/10", "link-local"],
  ["224.0.0.0/4", "multicast"],
  ["ff00::/8", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
];
const SPECIAL_NETWORKS = SPECIAL.map(([cidr, kind]) => ({ net: parseNetwork(cidr)!, kind }));

/** The kind of a non-public address ("private", "loopback" …), or null for a public one. */
function addressKind(address: string): string | null {
  const parsed = parseIp(address);
  if (!parsed) throw new Error(`${address} is not an IP address`);
  const ip = embeddedV4(parsed) ?? parsed;
  return SPECIAL_NETWORKS.find(({ net }) => contains(net, ip))?.kind ?? null;
}

const METADATA_HOSTS = ["metadata.google.internal", "metadata"];

/** Builds the policy from DELIVERY_ALLOW (comma list) and whether public addresses may be dialled. */
export function egressPolicy(
  opts: { allow: string; allowPublic: boolean; onDial?: (address: string) => void },
): EgressPolicy {
  const allowNetworks: string[] = [], allowHosts: string[] = [];
  for (const entry of opts.allow.split(",").map((s) => s.trim()).filter(Boolean)) {
    if (parseNetwork(entry)) allowNetworks.push(entry);
    else allowHosts.push(normalizeHost(entry));
  }
  return {
    allowNetworks,
    allowHosts,
    allowPublic: opts.allowPublic,
    dialled: (address) => opts.onDial?.(address),
  };
}

const normalizeHost = (host: string) => host.toLowerCase().replace(/\.$/, "");

type Resolution = { ok: true; address: string } | { ok: false; reason: string };

/** Checks one IP address against the policy. */
function checkAddress(address: string, policy: EgressPolicy): Resolution {
  const parsed = parseIp(address);
  if (!parsed) return { ok: false, reason: `${address} is not an IP address` };
  const candidates = [parsed, embeddedV4(parsed)].filter((ip): ip is Ip => ip !== null);
  const listed = policy.allowNetworks.some((cidr) => {
    const net = parseNetwork(cidr);
    return net !== null && candidates.some((ip) => contains(net, ip));
  });
  if (listed) return { ok: true, address };
  const kind = addressKind(address);
  if (kind !== null) {
    return { ok: false, reason: `${address} is a ${kind} address (not in DELIVERY_ALLOW)` };
  }
  if (!policy.allowPublic) {
    return {
      ok: false,
      reason: `${address} is a public address and DELIVERY_PUBLIC denies public destinations`,
    };
  }
  return { ok: true, address };
}

/**
 * An IPv4 address written another way (2852039166, 0xA9FEA9FE, 169.254.43518 — forms the system
 * resolver also reads as addresses) in its dotted form, as a URL's host parser gives it; any
 * other host as it is.
 */
function canonicalHost(host: string): string {
  if (!/^[0-9a-fA-Fx.]+$/.test(host)) return host;
  try {
    const hostname = new URL(`http://${host}/`).hostname;
    return parseIp(hostname) ? hostname : host;
  } catch {
    return host;
  }
}

/** A host name whose addresses decide: `listed` when DELIVERY_ALLOW names it. */
type Lookup = { ok: "lookup"; name: string; listed: boolean };

/**
 * What the policy decides about `host` before any DNS lookup: an IP literal (in any of its
 * written forms), "localhost" and the metadata host names are decided here, as is any name when
 * public destinations are denied and DELIVERY_ALLOW does not list it; any other name is a
 * `lookup` (its addresses decide). Route add and update refuse what this refuses
 * (services/push/route_egress.ts), so they and delivery cannot disagree.
 */
export function decideWithoutLookup(host: string, policy: EgressPolicy): Resolution | Lookup {
  const literal = canonicalHost(host.replace(/^\[(.*)\]$/, "$1"));
  if (parseIp(literal)) return checkAddress(literal, policy);
  const name = normalizeHost(host);
  if (name === "" || !/^[a-z0-9._-]+$/.test(name)) {
    return { ok: false, reason: `"${host}" is not a valid host name` };
  }
  const listed = policy.allowHosts.includes(name);
  if (name === "localhost") {
    return listed ? { ok: true, address: "127.0.0.1" } : checkAddress("127.0.0.1", policy);
  }
  if (!listed && METADATA_HOSTS.includes(name)) {
    return { ok: false, reason: `${name} is a cloud metadata host (not in DELIVERY_ALLOW)` };
  }
  if (!listed && !policy.allowPublic) {
    return {
      ok: false,
      reason: `${name}: host names other than the allow-listed ones are not resolved ` +
        "when public destinations are denied",
    };
  }
  return { ok: "lookup", name, listed };
}

/**
 * What `policy` decides about `host` before a lookup, kept per policy: it depends on nothing
 * else, and the engine asks it for every message (parsing an address each time was a part of
 * a delivery's cost, issue 41). The lookups themselves are not kept (DNS decides them anew).
 */
const decisions = new WeakMap<EgressPolicy, Map<string, Resolution | Lookup>>();
const DECISIONS_KEPT = 1000;

function decidedFor(host: string, policy: EgressPolicy): Resolution | Lookup {
  let kept = decisions.get(policy);
  if (!kept) decisions.set(policy, kept = new Map());
  let decided = kept.get(host);
  if (!decided) {
    decided = decideWithoutLookup(host, policy);
    if (kept.size < DECISIONS_KEPT) kept.set(host, decided);
  }
  return decided;
}

/**
 * Resolves and checks a host; the transports dial the returned IP (never re-resolve: no DNS
 * rebinding). An allow-listed host name is resolved and dialled as it is; "localhost" is
 * 127.0.0.1 without DNS; any other name is resolved only when public destinations are allowed,
 * and then every address it resolves to must pass.
 */
export async function resolveAllowed(host: string, policy: EgressPolicy): Promise<Resolution> {
  const decided = decidedFor(host, policy);
  if (decided.ok !== "lookup") return decided;
  const { name, listed } = decided;
  let addresses: string[];
  try {
    addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
  } catch (e) {
    return { ok: false, reason: `${name} could not be resolved (${(e as Error).message})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${name} has no address` };
  if (listed) return { ok: true, address: addresses[0] };
  for (const address of addresses) {
    const check = checkAddress(address, policy);
    if (!check.ok) return { ok: false, reason: `${name} resolves to ${check.reason}` };
  }
  return { ok: true, address: addresses[0] };
}
