import ipaddr from 'ipaddr.js';

/** The prefix that names one client network: an IPv4 /24 or an IPv6 /64 (one site's subnet). */
export const IPV4_NETWORK_BITS = 24;
export const IPV6_NETWORK_BITS = 64;

/**
 * The client network of an address, for budgets a stranger must not spend for the real person:
 * "203.0.113.0/24" for IPv4 (an IPv4-mapped IPv6 address counts as its IPv4 address),
 * "2001:db8:1:2::/64" for IPv6. An address that does not parse is its own network (the text).
 */
export function clientNetworkOf(address: string): string {
  const text = address.trim();
  if (!ipaddr.isValid(text)) return text;
  const parsed = ipaddr.process(text);
  const bits = parsed.kind() === 'ipv4' ? IPV4_NETWORK_BITS : IPV6_NETWORK_BITS;
  const bytes = parsed.toByteArray().map((byte, index) => maskedByte(byte, index, bits));
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

function maskedByte(byte: number, index: number, bits: number): number {
  const kept = Math.min(8, Math.max(0, bits - index * 8));
  return byte & ((0xff << (8 - kept)) & 0xff);
}
