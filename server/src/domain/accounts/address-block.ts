import ipaddr from 'ipaddr.js';

/**
 * The network block a sign-up came from, kept on the account for the admin's farming signals
 * (rule AD-25, ADR 0045): the /24 of an IPv4 address, the /48 of an IPv6 one (a site's usual
 * allocation), an IPv4 address mapped into IPv6 as that IPv4 address. Only the block is stored,
 * never the address: enough to see forty sign-ups from one network, too coarse to point at one
 * household. Null when the address cannot be read.
 */
export function signUpAddressBlock(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([parts[0]!, parts[1]!, parts[2]!, 0, 0, 0, 0, 0]).toString()}/48`;
}
