import { expect } from '@playwright/test';
import { Client } from 'pg';
import { callFrom, SCALE_STACK } from './scale-stack';

const SEMAX_10MG = "channel = 'storefront' AND product_id = 'semax' AND dose = '10mg'";

/** What this test process has raised the price by so far: what restoreSemaxPrice takes back. */
let raisedBy = 0;

/** Changes SEMAX 10mg's storefront price in the catalog's own database, as an operator would. */
export async function raiseSemaxPrice(cents: number) {
  // In the catalog's schema, as the service itself works (its triggers name its tables unqualified).
  const db = new Client({
    connectionString: process.env.TEST_DATABASE_URL,
    options: `-c search_path=${SCALE_STACK.schemaPrefix}catalog`,
  });
  await db.connect();
  try {
    await db.query(`UPDATE price_list_entries SET price_cents = price_cents + $1 WHERE ${SEMAX_10MG}`, [
      cents,
    ]);
    raisedBy += cents;
  } finally {
    await db.end();
  }
}

/** Puts the price back as it was before this process raised it, however far a failed test got. */
export async function restoreSemaxPrice() {
  if (raisedBy !== 0) await raiseSemaxPrice(-raisedBy);
}

/** Waits until both catalog instances serve SEMAX 10mg at this price (each refreshes within a second). */
export async function catalogServes(priceCents: number) {
  await expect
    .poll(
      async () => {
        const answers = await Promise.all(
          [1, 2, 3, 4].map(() =>
            callFrom('127.0.0.71', `${SCALE_STACK.baseURL}/api/catalog/dedicated-checkouts/semax`),
          ),
        );
        return answers.map(
          (answer) =>
            answer
              .json<{ product: { doses: { dose: string; price: number }[] } }>()
              .product.doses.find((d) => d.dose === '10mg')!.price,
        );
      },
      { timeout: 5_000 },
    )
    .toEqual([priceCents, priceCents, priceCents, priceCents]);
}
