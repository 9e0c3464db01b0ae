import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Whether the peer at hop `index` (0 = the socket's own peer) may speak for the client in
 * X-Forwarded-For. Express takes the same function as its 'trust proxy' setting, and the
 * WebSocket upgrade uses it too, so both read the client address the same way.
 */
export type TrustProxy = (address: string, index: number) => boolean;

const TRUST_NONE: TrustProxy = () => false;

/**
 * TRUST_PROXY is unset or "false" (trust nobody: X-Forwarded-For is never read), a hop count
 * ("1": one proxy in front, such as a load balancer), or a comma-separated list of addresses,
 * subnets and proxy-addr's names ("loopback", "uniquelocal", "10.0.0.0/8"). "true" is refused:
 * trusting every hop lets any client choose its own address, which defeats the per-IP limits.
 */
export function compileTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return TRUST_NONE;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, index) => index < hops;
  }
  if (value === 'true') {
    throw new Error('TRUST_PROXY must name the number of proxies or their addresses: true would let any client choose its address (got "true")');
  }
  try {
    return proxyaddr.compile(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
  } catch {
    throw new Error(`TRUST_PROXY must be a hop count or a list of addresses (got ${JSON.stringify(value)})`);
  }
}

/** The client's address for a request that did not pass through Express (a WebSocket upgrade). */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust);
}
