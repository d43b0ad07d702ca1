import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { distinctOrder } from './distinct-order';

/**
 * One request a shopper makes in turn: a read (a page or an API), a new order of their own, or another
 * POST (one the service does not make once per key: a cart quote, an affiliate code).
 */
export type ShopperStep = { read: string } | { order: true } | { post: string; body: unknown };

/** What shoppers do, in turn, while a fault is made: every service is read, and orders are placed. */
export const SHOPPING_ROUND: readonly ShopperStep[] = [
  { read: '/api/catalog/home-products' },
  { order: true },
  { read: '/api/product/products/bpc-157' },
  { read: '/product/bpc-157' },
  { read: '/api/content/policies/refund-policy' },
  // Answered 401 without a session: the account service answered, which is what counts here.
  { read: '/api/account/auth/v1/user' },
  { order: true },
  { read: '/catalog' },
];

/** A shopper waits this long at most; past it, the request counts as failed (they have given up). */
export const SHOPPER_PATIENCE_MS = 10_000;

export interface TrafficOptions {
  baseUrl: string;
  shoppers: number;
  steps?: readonly ShopperStep[];
  /** Each shopper's own loopback address, so that each has limits of their own (127.0.0.0/8). */
  sourceAddress?(shopper: number): string;
  /** Orders a shopper places at most (within a stack's per-client limit); reads go on after. */
  ordersPerShopper?: number;
  /** A cookie each shopper holds (their canary bucket, say), sent with every request. */
  cookie?(shopper: number): string;
}

/** A dispatcher whose connections come from the shopper's own address. */
export const shopperAgent = (address: string | undefined) =>
  new Agent({
    localAddress: address,
    headersTimeout: SHOPPER_PATIENCE_MS,
    bodyTimeout: SHOPPER_PATIENCE_MS,
  });

export interface PlacedOrder {
  shopper: number;
  /** When it was sent and when its answer (or failure) came, in ms since the epoch. */
  sentAt: number;
  doneAt: number;
  key: string;
  body: string;
  /** The order id answered (201 made, or 200 made already for this key), or null when none was. */
  orderId: string | null;
}

export interface FailedRequest {
  at: number;
  what: string;
  /** The status a shopper saw, or why there was none ('timeout', a connection error's code). */
  outcome: string;
}

export interface TrafficRecord {
  sent: number;
  /** Answered with a 5xx, not at all, or past the shopper's patience. */
  failed: FailedRequest[];
  orders: PlacedOrder[];
  /** Latencies of the answers shoppers got, in ms. */
  latencies: number[];
  startedAt: number;
  stoppedAt: number;
}

/** An order of the run's own: its key names the run, so that its rows can be counted afterwards. */
export function drillOrder(keyPrefix: string) {
  const order = distinctOrder();
  const key = `${keyPrefix}-${randomUUID()}`;
  return { key, body: order.body, headers: { ...order.headers, 'idempotency-key': key } };
}

/**
 * Shoppers on loopback, each going through `steps` again and again, one request at a time, until
 * stopped: what they sent, what failed as they saw it, and every order they placed with its answer.
 * Nobody tries again here: the record is what the first attempt met.
 */
export function startShopperTraffic(options: TrafficOptions, keyPrefix: string) {
  const steps = options.steps ?? SHOPPING_ROUND;
  const record: TrafficRecord = {
    sent: 0,
    failed: [],
    orders: [],
    latencies: [],
    startedAt: Date.now(),
    stoppedAt: 0,
  };
  let stopping = false;

  async function shop(shopper: number) {
    const dispatcher = shopperAgent(options.sourceAddress?.(shopper));
    let ordersLeft = options.ordersPerShopper ?? Infinity;
    // Shoppers start at different places in the round, as a crowd does.
    for (let step = shopper; !stopping; step += 1) {
      let next = steps[step % steps.length]!;
      if ('order' in next && ordersLeft-- <= 0) next = { read: '/api/catalog/home-products' };
      const order = 'order' in next ? drillOrder(keyPrefix) : null;
      const post = 'post' in next ? next : null;
      const path = order ? '/api/checkout/orders' : post ? post.post : (next as { read: string }).read;
      const what = `${order || post ? 'POST' : 'GET'} ${path}`;
      const cookie = options.cookie?.(shopper);
      const started = Date.now();
      record.sent += 1;
      try {
        const answer = await request(`${options.baseUrl}${path}`, {
          method: order || post ? 'POST' : 'GET',
          headers: {
            ...(order
              ? order.headers
              : post
                ? { 'content-type': 'application/json' }
                : { accept: 'text/html,application/json' }),
            ...(cookie ? { cookie } : {}),
          },
          body: order ? order.body : post ? JSON.stringify(post.body) : undefined,
          dispatcher,
          signal: AbortSignal.timeout(SHOPPER_PATIENCE_MS),
        });
        const text = await answer.body.text();
        record.latencies.push(Date.now() - started);
        if (answer.statusCode >= 500)
          record.failed.push({ at: started, what, outcome: String(answer.statusCode) });
        if (order) {
          const placed = answer.statusCode === 201 || answer.statusCode === 200;
          const orderId = placed ? ((JSON.parse(text) as { orderId?: string }).orderId ?? null) : null;
          record.orders.push({
            shopper,
            sentAt: started,
            doneAt: Date.now(),
            key: order.key,
            body: order.body,
            orderId,
          });
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
        record.failed.push({ at: started, what, outcome: code === 'TimeoutError' ? 'timeout' : code });
        if (order)
          record.orders.push({
            shopper,
            sentAt: started,
            doneAt: Date.now(),
            key: order.key,
            body: order.body,
            orderId: null,
          });
      }
    }
    await dispatcher.close();
  }

  const running = Array.from({ length: options.shoppers }, (_, shopper) => shop(shopper));
  return {
    record,
    async stop(): Promise<TrafficRecord> {
      stopping = true;
      await Promise.all(running);
      record.stoppedAt = Date.now();
      return record;
    },
  };
}
