import net from 'node:net';

/** `10.0.0.5`, `10.0.0.0/8`, `::1` or `fd00::/8`: the address and its prefix, or null. */
function parse(entry: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, family, prefix: max };
  // A /0 range is every address: it would trust anyone.
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max || Number(prefixText) === 0)
    return null;
  return { address, family, prefix: Number(prefixText) };
}

/** Why a list of addresses and CIDR ranges is unusable, or undefined when every entry is fine. */
export function addressListError(entries: string[]): string | undefined {
  const bad = entries.filter((entry) => parse(entry) === null);
  if (bad.length === 0) return undefined;
  return `must be IP addresses or CIDR ranges (not /0) separated by commas, such as 10.0.0.0/8,127.0.0.1 (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`;
}

/** An IPv4 peer on a dual-stack socket reads `::ffff:10.0.0.5`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Answers whether an address lies in one of the entries (each checked by addressListError). */
export function addressMatcher(entries: string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const range = parse(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    if (!address) return false;
    const plain = unmapped(address);
    const version = net.isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
