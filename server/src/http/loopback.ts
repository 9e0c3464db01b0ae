/** Whether an address is this machine's own (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
}
