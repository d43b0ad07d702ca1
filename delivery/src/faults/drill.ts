import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderLedger } from './order-ledger';
import { request } from 'undici';
import {
  shopperAgent,
  startShopperTraffic,
  type FailedRequest,
  type PlacedOrder,
  type ShopperStep,
  type TrafficRecord,
} from './shopper-traffic';
import type { StackHandle } from './stack-handle';

/**
 * A fault made while shoppers shop (or any change made under their traffic: a deploy, a rollback); it
 * resolves once the stack is whole again, with the time that took.
 */
export interface Fault {
  name: string;
  /** Resolves with the milliseconds until the stack was whole again, or null where that means nothing. */
  inflict(stack: StackHandle): Promise<number | null>;
}

export interface DrillOutcome {
  fault: string;
  seconds: number;
  sent: number;
  /** Requests that failed as the shopper saw them: a 5xx, no answer, or none within 10 s. */
  failed: number;
  /** What the failures were, each kind once with how often. */
  failures: string[];
  /** Orders shoppers sent, each with a key of its own. */
  ordersPlaced: number;
  /** Of those, in flight at some moment between the fault and the recovery. */
  ordersDuringFault: number;
  /** Of those, answered with their order at the first attempt. */
  ordersAnswered: number;
  /** Orders the shop holds for them (after the unanswered ones were sent again with their keys). */
  ordersCreated: number;
  /** Orders answered to a shopper that the shop does not have. */
  lost: number;
  doubled: number;
  recoveryMs: number | null;
  p99Ms: number;
}

export interface DrillOptions {
  shoppers: number;
  ledger: OrderLedger;
  /** Each shopper's loopback address (so that each has limits of their own). */
  sourceAddress?(shopper: number): string;
  /** Orders a shopper places at most (within the stack's per-client limit). */
  ordersPerShopper?: number;
  /** What each shopper does in turn (the shop's round by default). */
  steps?: readonly ShopperStep[];
  /** A cookie each shopper holds (their canary bucket). */
  cookie?(shopper: number): string;
  /** Shopping before the fault, and after the stack has recovered. */
  beforeMs?: number;
  afterMs?: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

function describeFailures(failed: FailedRequest[]): string[] {
  const kinds = new Map<string, number>();
  for (const { what, outcome } of failed)
    kinds.set(`${what} → ${outcome}`, (kinds.get(`${what} → ${outcome}`) ?? 0) + 1);
  return [...kinds].map(([kind, times]) => `${times} × ${kind}`);
}

/** An order sent again with its key, from its shopper's address: the order id it is answered. */
async function answerOrder(
  baseUrl: string,
  order: PlacedOrder,
  address: string | undefined,
): Promise<string> {
  const dispatcher = shopperAgent(address);
  try {
    const answer = await request(`${baseUrl}/api/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': order.key },
      body: order.body,
      dispatcher,
    });
    const text = await answer.body.text();
    if (answer.statusCode !== 201 && answer.statusCode !== 200)
      throw new Error(`Order ${order.key} sent again was answered ${answer.statusCode}: ${text}`);
    return (JSON.parse(text) as { orderId: string }).orderId;
  } finally {
    await dispatcher.close();
  }
}

/**
 * What every order of the drill became. Each order answered to a shopper must be found; each that was
 * not answered is sent again with its key (as a shopper presses Try Again) and must now be answered.
 * Then the shop's own count: one order per key, none twice.
 */
async function settleOrders(
  baseUrl: string,
  record: TrafficRecord,
  keyPrefix: string,
  options: DrillOptions,
) {
  let lost = 0;
  for (const order of record.orders) {
    if (order.orderId) {
      const found = await fetch(`${baseUrl}/api/checkout/orders/${order.orderId}`);
      if (found.status !== 200) lost += 1;
    } else {
      order.orderId = await answerOrder(baseUrl, order, options.sourceAddress?.(order.shopper));
    }
  }
  const count = await options.ledger.count(keyPrefix, new Set(record.orders.map((o) => o.key)).size);
  return { lost, ...count };
}

/**
 * One fault under shopper traffic: shoppers shop for a moment, the fault is made and the stack
 * recovers, they shop a moment more; then every order is accounted for.
 */
export async function runDrill(
  stack: StackHandle,
  fault: Fault,
  options: DrillOptions,
): Promise<DrillOutcome> {
  const keyPrefix = `drill-${randomUUID().slice(0, 8)}`;
  await options.ledger.open();
  const traffic = startShopperTraffic(
    {
      baseUrl: stack.baseUrl,
      shoppers: options.shoppers,
      sourceAddress: options.sourceAddress,
      ordersPerShopper: options.ordersPerShopper,
      steps: options.steps,
      cookie: options.cookie,
    },
    keyPrefix,
  );
  let recoveryMs: number | null;
  let faultAt: number;
  let recoveredAt: number;
  try {
    await sleep(options.beforeMs ?? 1_000);
    faultAt = Date.now();
    recoveryMs = await fault.inflict(stack);
    recoveredAt = Date.now();
    await sleep(options.afterMs ?? 1_000);
  } finally {
    await traffic.stop();
  }
  const { record } = traffic;
  const answered = record.orders.filter((order) => order.orderId).length;
  const orders = await settleOrders(stack.baseUrl, record, keyPrefix, options);
  return {
    fault: fault.name,
    seconds: (record.stoppedAt - record.startedAt) / 1000,
    sent: record.sent,
    failed: record.failed.length,
    failures: describeFailures(record.failed),
    ordersPlaced: record.orders.length,
    ordersDuringFault: record.orders.filter((o) => o.sentAt <= recoveredAt && o.doneAt >= faultAt).length,
    ordersAnswered: answered,
    ordersCreated: orders.created,
    lost: orders.lost,
    doubled: orders.doubled,
    recoveryMs,
    p99Ms: percentile(record.latencies, 99),
  };
}

/** kill -9 of one instance of a part (the first, or the one named), timed until it is ready again. */
export const killInstance = (part: string, index = 0): Fault => ({
  name: `kill -9 ${part}${index ? ` #${index + 1}` : ''}`,
  inflict: (stack) => stack.killAndTimeRecovery(part, stack.instancesOf(part)[index]!),
});

/** One instance of a part frozen for `ms` (a service made slow), then let go on. */
export const freezeInstance = (part: string, ms: number, index = 0): Fault => ({
  name: `${part}${index ? ` #${index + 1}` : ''} frozen for ${ms / 1000} s`,
  inflict: async (stack) => {
    await stack.freeze(stack.instancesOf(part)[index]!, ms);
    return null;
  },
});
