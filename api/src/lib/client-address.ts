// The client a per-address limit counts. One IPv6 subscriber gets a whole /64 (often more), so counting
// each IPv6 address alone lets one machine take 2^64 fresh counters: an IPv6 address counts as its /64. An
// IPv4-mapped IPv6 address (::ffff:192.0.2.1, what a dual-stack socket reports) counts as the IPv4 address.
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, four hex digits each (an IPv4 tail becomes two groups). */
function groupsOf(address: string): string[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  if (tail === undefined) return front.map((group) => group.padStart(4, '0'));
  const back = tail ? tail.split(':') : [];
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => '0');
  return [...front, ...zeros, ...back].map((group) => group.padStart(4, '0'));
}

/** The key a per-address limit counts for this client address: IPv4 as is, IPv6 as its /64. */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIP(address) !== 6) return address;
  const groups = groupsOf(address);
  if (groups.slice(0, 5).every((group) => group === '0000') && groups[5] === 'ffff') {
    const [high = 0, low = 0] = [parseInt(groups[6] ?? '0', 16), parseInt(groups[7] ?? '0', 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
