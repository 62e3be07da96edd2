import ipaddr from 'ipaddr.js';

/**
 * Decides whether an IP address is a public unicast address the server may connect to.
 * Everything else is refused: loopback, private, link-local, CGNAT, multicast, broadcast,
 * reserved, benchmarking, documentation, and the IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) are judged by the address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded === 'refuse') return false;
  if (embedded) return embedded.range() === 'unicast';
  // Only global unicast (2000::/3) is public; ipaddr.js names its special ranges.
  return v6.range() === 'unicast' && (v6.parts[0]! & 0xe000) === 0x2000;
}

/** The IPv4 address an IPv6 address tunnels, 'refuse' for translation forms we never follow, or null. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | 'refuse' | null {
  const p = v6.parts;
  const tail = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  // ::a.b.c.d (deprecated IPv4-compatible) and NAT64 64:ff9b::/96, 64:ff9b:1::/48
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return tail(p[6]!, p[7]!);
  }
  if (p[0] === 0x64 && p[1] === 0xff9b) return tail(p[6]!, p[7]!);
  // 6to4 2002::/16 carries the IPv4 address in bits 16-47.
  if (p[0] === 0x2002) return tail(p[1]!, p[2]!);
  // Teredo 2001::/32 hides an obfuscated client address; never connect.
  if (p[0] === 0x2001 && p[1] === 0) return 'refuse';
  return null;
}
