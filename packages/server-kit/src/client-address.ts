import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/** Which hops may say who the client is: `(address, hop) => trusted`, as Express and proxy-addr take it. */
export type TrustProxy = (address: string, hop: number) => boolean;

const TRUST_NOTHING: TrustProxy = () => false;

/**
 * TRUST_PROXY: empty (the default) trusts no forwarding header; a number trusts that many proxies in
 * front; otherwise a comma-separated list of addresses, CIDR ranges or proxy-addr's names
 * ('loopback', 'linklocal', 'uniquelocal'). A wrong value fails at start, naming what is wrong.
 */
export const trustProxySetting = () =>
  z
    .string()
    .default('')
    .transform((value, ctx): TrustProxy => {
      const setting = value.trim();
      if (setting === '' || setting === 'false') return TRUST_NOTHING;
      if (/^\d+$/.test(setting)) {
        const hops = Number(setting);
        return (_address, hop) => hop < hops;
      }
      try {
        return proxyAddr.compile(setting.split(',').map((part) => part.trim()));
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must be empty, a hop count or addresses such as loopback,10.0.0.0/8 (${(error as Error).message})`,
        });
        return z.NEVER;
      }
    });

/**
 * The address that rate limits and logs should name: the peer itself unless it is a trusted proxy, in
 * which case the forwarded addresses are read from the right, stopping at the first one not trusted.
 * A client on an untrusted connection cannot choose its own address by sending X-Forwarded-For.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(req, trust);
}
