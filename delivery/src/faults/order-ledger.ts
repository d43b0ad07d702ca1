import { Client } from 'pg';

/** How many orders a drill's keys made: rows (or payment links), and how many keys they belong to. */
export interface OrderCount {
  created: number;
  /** Orders beyond one per key: an order made twice. */
  doubled: number;
}

/** Where a drill counts the orders its shoppers made, after they stopped. */
export interface OrderLedger {
  /** Called before the drill starts. */
  open(): Promise<void>;
  count(keyPrefix: string, keys: number): Promise<OrderCount>;
}

/** The checkout service's own rows in PostgreSQL, by the drill's key prefix. */
export function postgresLedger(databaseUrl: string, checkoutSchema: string): OrderLedger {
  return {
    open: async () => undefined,
    async count(keyPrefix) {
      const db = new Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ orders: number; keys: number }>(
          `SELECT count(*)::int AS orders, count(DISTINCT idempotency_key)::int AS keys
             FROM ${checkoutSchema}.orders WHERE idempotency_key LIKE $1`,
          // Checkout keeps each key after its client's digest and a dot (place-order.ts).
          [`%.${keyPrefix}-%`],
        );
        return { created: rows[0]!.orders, doubled: rows[0]!.orders - rows[0]!.keys };
      } finally {
        await db.end();
      }
    },
  };
}

/**
 * On the embedded database, which only its service may open: the payment links the payment sandbox
 * made meanwhile (every order gets exactly one), against the keys that were answered an order.
 */
export function sandboxLedger(sandboxUrl: string): OrderLedger {
  const links = async () =>
    ((await (await fetch(`${sandboxUrl}/sandbox/payment-links/count`)).json()) as { count: number }).count;
  let before = 0;
  return {
    async open() {
      before = await links();
    },
    async count(_keyPrefix, keys) {
      const created = (await links()) - before;
      return { created, doubled: Math.max(0, created - keys) };
    },
  };
}
