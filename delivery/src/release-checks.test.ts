import { z } from 'zod';
import { contractOf, fieldPaths, readsNotReturned } from './api-contracts';
import { migrationProblems, removalsIn } from './migration-safety';

const status = z.object({
  orderId: z.string(),
  status: z.enum(['pending_payment', 'paid']),
  totals: z.object({ total: z.number().int(), tax: z.number().int() }),
  lines: z.array(z.object({ sku: z.string(), note: z.string().optional() })),
  affiliateName: z.string().nullable(),
});

describe('API contracts between a UI and a service', () => {
  it('lists every field an answer may carry, and those a client cannot do without', () => {
    const [schema] = Object.values(
      contractOf({ 'GET /orders/:id': status.extend({ eta: z.string().optional() }) }),
    );
    expect([...fieldPaths(schema!, true)].sort()).toEqual(
      [
        'affiliateName',
        'lines',
        'lines[].sku',
        'orderId',
        'status',
        'totals',
        'totals.tax',
        'totals.total',
      ].sort(),
    );
    expect(fieldPaths(schema!, false)).toContain('eta');
    expect(fieldPaths(schema!, false)).toContain('lines[].note');
  });

  it('lets a UI read a field the service does not return yet only while the UI can do without it', () => {
    const live = contractOf({ 'GET /orders/:id': status });
    const optional = contractOf({ 'GET /orders/:id': status.extend({ eta: z.string().optional() }) });
    const required = contractOf({ 'GET /orders/:id': status.extend({ eta: z.string() }) });
    expect(readsNotReturned(optional, live, 'checkout UI', 'live checkout service')).toEqual([]);
    expect(readsNotReturned(required, live, 'checkout UI', 'live checkout service')).toEqual([
      'checkout UI needs eta from GET /orders/:id, which the live checkout service does not return',
    ]);
  });

  it('refuses a service that stops returning what a live UI needs, or an endpoint it calls', () => {
    const reads = contractOf({ 'GET /orders/:id': status, 'POST /orders': z.object({ url: z.string() }) });
    const dropped = contractOf({ 'GET /orders/:id': status.omit({ totals: true }) });
    expect(readsNotReturned(reads, dropped, 'live checkout UI', 'new checkout service')).toEqual([
      'live checkout UI needs totals from GET /orders/:id, which the new checkout service does not return',
      'live checkout UI needs totals.total from GET /orders/:id, which the new checkout service does not return',
      'live checkout UI needs totals.tax from GET /orders/:id, which the new checkout service does not return',
      'live checkout UI calls POST /orders, which the new checkout service does not serve',
    ]);
  });
});

describe('migrations that two versions of a service share', () => {
  it('finds what a migration drops or renames', () => {
    const sql = `-- notes move to their own table
      ALTER TABLE orders DROP COLUMN IF EXISTS notes, ADD COLUMN memo text;
      ALTER TABLE public."order_lines" RENAME COLUMN sku TO product_sku;
      ALTER TABLE carts RENAME TO shopper_carts;
      ALTER TABLE orders DROP CONSTRAINT orders_total_check;
      DROP TABLE IF EXISTS webhook_events, old_links CASCADE;
      CREATE INDEX orders_memo ON orders (memo);`;
    expect(removalsIn(sql).map((r) => `${r.how} ${r.name}`)).toEqual([
      'drops orders.notes',
      'renames order_lines.sku',
      'renames carts',
      'drops webhook_events',
      'drops old_links',
    ]);
  });

  it('refuses one that takes away what the live service still reads, and lets an expanding one through', () => {
    const liveCode = 'db.query(`SELECT status, payment_url FROM orders WHERE id = $1`)';
    expect(
      migrationProblems(
        [{ file: '007_drop_payment_url.sql', sql: 'ALTER TABLE orders DROP COLUMN payment_url;' }],
        liveCode,
        'live checkout service (0.1.0-abc)',
      ),
    ).toEqual([
      'migration 007_drop_payment_url.sql drops orders.payment_url, which the live checkout service (0.1.0-abc) still reads',
    ]);
    expect(
      migrationProblems(
        [
          { file: '007_add_eta.sql', sql: 'ALTER TABLE orders ADD COLUMN eta date;' },
          { file: '008_drop_unused.sql', sql: 'ALTER TABLE orders DROP COLUMN legacy_notes;' },
        ],
        liveCode,
        'live checkout service (0.1.0-abc)',
      ),
    ).toEqual([]);
  });
});
