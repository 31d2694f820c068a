/**
 * The unit login throttling counts an address in: an IPv4 address as it is (also when written as
 * an IPv4-mapped IPv6 address), an IPv6 address as its /64 network, since one subscriber usually
 * holds a whole /64 and could otherwise rotate through it. Pure.
 */
import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...zeros, ...right];
  return groups.length === 8 ? groups : null;
}

export function addressBucket(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
