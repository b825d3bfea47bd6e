// Where a webhook may not go (ADR 0088): a URL given by an administrator
// must not make VFM's server call its own network — loopback, private, link-local, CGNAT, the
// clouds' metadata services — unless the operator sets WEBHOOK_ALLOW_PRIVATE. The address is
// checked after DNS, at each attempt, and the connection goes to the very address checked
// (http-delivery.ts), so a name that resolves elsewhere the second time (DNS rebinding) gains
// nothing. Every IPv6 form that carries an IPv4 address is judged by that IPv4 (ADR 0118):
// mapped (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96), NAT64
// (64:ff9b::/96), 6to4 (2002::/16), Teredo (2001::/32: its server and its client, whose bits are
// inverted) and ISATAP interface ids; the local-use NAT64 prefix (64:ff9b:1::/48) is private
// whatever it embeds.
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type Range4 = [base: string, bits: number, cls: AddressClass];

// first match wins: the metadata addresses sit inside wider ranges
const V4_RANGES: Range4[] = [
  ['169.254.169.254', 32, 'metadata'], // AWS, GCP, Azure, OpenStack…
  ['169.254.170.2', 32, 'metadata'], // AWS ECS task metadata
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud
  ['168.63.129.16', 32, 'metadata'], // Azure wire server (a public address)
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // and 255.255.255.255
];

function v4ToInt(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

const V4_TABLE = V4_RANGES.map(([base, bits, cls]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (v4ToInt(base)! & mask) >>> 0, mask, cls };
});

function classify4(value: number): AddressClass {
  for (const { net, mask, cls } of V4_TABLE) if ((value & mask) >>> 0 === net) return cls;
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null. */
function v6Groups(address: string): number[] | null {
  let text = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  // a trailing dotted IPv4 is two groups
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4ToInt(dotted[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) => (half ? half.split(':') : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function classify6(groups: number[]): AddressClass {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const v4 = ((g6 << 16) >>> 0) + g7;
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible),
  // 64:ff9b::a.b.c.d (NAT64)
  if (zeroTo(5) && g5 === 0xffff) return classify4(v4);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return classify4(v4);
  if (zeroTo(6)) return classify4(v4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return classify4(v4);
  // local-use NAT64 (RFC 8215): a translator of the operator's own network
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // 6to4: 2002:AABB:CCDD::/48 is the IPv4 AA.BB.CC.DD's network
  if (g0 === 0x2002) return classify4(((g1 << 16) >>> 0) + g2);
  // Teredo: the server's IPv4 in groups 2–3, the client's (bits inverted) in groups 6–7
  if (g0 === 0x2001 && g1 === 0) {
    const server = classify4(((g2 << 16) >>> 0) + g3);
    const client = classify4((((g6 ^ 0xffff) << 16) >>> 0) + (g7 ^ 0xffff));
    return server !== 'public' ? server : client;
  }
  // an ISATAP interface id (any prefix): ::0:5efe:a.b.c.d or ::200:5efe:a.b.c.d
  if ((g4 & 0xfdff) === 0 && g5 === 0x5efe && classify4(v4) !== 'public') return classify4(v4);
  if (g0 === 0xfd00 && g1 === 0x0ec2 && zeroTo(0) && g7 === 0x254 && g2 + g3 + g4 + g5 + g6 === 0)
    return 'metadata'; // AWS's IPv6 metadata service (inside the private fc00::/7)
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // discard
  return 'public';
}

/** What kind of address this is (an IPv4 or IPv6 literal; anything else is 'invalid'). */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return classify4(v4ToInt(bare)!);
  if (family === 6) {
    const groups = v6Groups(bare);
    return groups ? classify6(groups) : 'invalid';
  }
  return 'invalid';
}

/** May a webhook connect to this address? Only public ones, unless the operator allows all. */
export const isAllowedAddress = (address: string, allowPrivate: boolean) => {
  const cls = classifyAddress(address);
  return cls === 'public' || (allowPrivate && cls !== 'invalid');
};
