import {
  cartLineId,
  CART_LINE_LIMIT,
  CART_QUANTITY_LIMIT,
  type CartAddition,
  type CartItem,
} from '@storefront/commerce/checkout';
import type { Database, Queryable } from '@storefront/server-kit';

interface LineRow {
  product_id: string;
  dose: string;
  channel: CartItem['channel'];
  quantity: number;
  name: string;
  image: string;
  price_seen_cents: number;
}

const toItem = (row: LineRow): CartItem => ({
  id: cartLineId(row.product_id, row.dose, row.channel),
  productId: row.product_id,
  name: row.name,
  variant: row.dose,
  image: row.image,
  price: row.price_seen_cents,
  quantity: row.quantity,
  channel: row.channel,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A cart id as a browser sent it, if it could name one (anything else names no cart). */
export const cartIdOf = (value: string | undefined): string | null =>
  value !== undefined && UUID.test(value) ? value : null;

/**
 * A cart no one has changed for this long is abandoned, and removed (a signed-in shopper's cart is
 * kept with their account). The README says so.
 */
export const ABANDONED_CART_DAYS = 30;
const KEPT = `(carts.user_id IS NOT NULL OR carts.updated_at >= now() - interval '${ABANDONED_CART_DAYS} days')`;
/** How many abandoned carts each new cart clears away, so that they never pile up. */
const REMOVED_PER_NEW_CART = 50;

/** A cart's lines in the order they were first added; none for a cart that does not exist (or is abandoned). */
export async function cartLines(db: Queryable, cartId: string): Promise<CartItem[]> {
  const { rows } = await db.query<LineRow>(
    `SELECT product_id, dose, channel, quantity, name, image, price_seen_cents
       FROM cart_lines JOIN carts ON carts.id = cart_lines.cart_id
      WHERE cart_id = $1 AND ${KEPT}
      ORDER BY added_at, product_id, dose, channel`,
    [cartId],
  );
  return rows.map(toItem);
}

/** Whether `cartId` names a cart still kept: an addition to anything else begins a new one. */
export async function cartIsKept(db: Queryable, cartId: string | null): Promise<boolean> {
  if (!cartId) return false;
  const { rows } = await db.query(`SELECT 1 FROM carts WHERE id = $1 AND ${KEPT}`, [cartId]);
  return rows.length > 0;
}

/** The cart with that id if it is kept, else a new one: a cookie may outlive its cart. */
async function existingOrNewCart(tx: Queryable, cartId: string | null): Promise<string> {
  if (cartId) {
    const { rowCount } = await tx.query(`UPDATE carts SET updated_at = now() WHERE id = $1 AND ${KEPT}`, [
      cartId,
    ]);
    if (rowCount > 0) return cartId;
  }
  await tx.query(
    `DELETE FROM carts WHERE id IN (SELECT id FROM carts WHERE NOT ${KEPT} LIMIT ${REMOVED_PER_NEW_CART})`,
  );
  const { rows } = await tx.query<{ id: string }>('INSERT INTO carts DEFAULT VALUES RETURNING id');
  return rows[0]!.id;
}

/**
 * Adds lines (merging with a line of the same product, dose and price list, up to the quantity one
 * line may have), making the cart first when there is none. A cart holds at most CART_LINE_LIMIT
 * lines: an addition past it is left out.
 */
async function addLines(tx: Queryable, cartId: string, additions: readonly CartAddition[]) {
  for (const line of additions) {
    await tx.query(
      `INSERT INTO cart_lines (cart_id, product_id, dose, channel, quantity, name, image, price_seen_cents)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
        WHERE (SELECT count(*) FROM cart_lines WHERE cart_id = $1) < $9
       ON CONFLICT (cart_id, product_id, dose, channel)
       DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, $10)`,
      [
        cartId,
        line.productId,
        line.variant,
        line.channel,
        line.quantity,
        line.name,
        line.image,
        line.price,
        CART_LINE_LIMIT,
        CART_QUANTITY_LIMIT,
      ],
    );
  }
}

/**
 * How long an addition's id names its cart to a browser without the cart's cookie: long enough for a
 * page to send again what it left unanswered, and no longer (the id is a key to the cart, though only
 * the page that made it ever held it).
 */
const ADDITION_NAMES_CART = "interval '1 hour'";

/**
 * The cart an addition went into, if it was made: the browser's own (`cartId`, a cart still kept), or,
 * for a browser without one, the cart it went into within the hour if no account holds it.
 */
async function cartOfAddition(
  tx: Queryable,
  additionId: string,
  cartId: string | null,
): Promise<string | null> {
  const { rows } = await tx.query<{ cart_id: string }>(
    cartId
      ? 'SELECT cart_id FROM cart_additions WHERE addition_id = $1 AND cart_id = $2'
      : `SELECT cart_id FROM cart_additions JOIN carts ON carts.id = cart_additions.cart_id
          WHERE addition_id = $1 AND ${KEPT} AND carts.user_id IS NULL
            AND added_at >= now() - ${ADDITION_NAMES_CART}
          ORDER BY added_at LIMIT 1`,
    cartId ? [additionId, cartId] : [additionId],
  );
  return rows[0]?.cart_id ?? null;
}

/**
 * Adds to the cart `cartId` names (or a new one); resolves to the id of the cart that holds them. An
 * addition with an `additionId` is made once, in the cart it first went to, which it then resolves to:
 * sent again (a duplicated tab; a page reloaded before its answer, and so before the cart's cookie,
 * came back), it is not added again, and a browser that never learnt its cart learns it (see
 * cartOfAddition). The id is the page's random 128 bits, known only to the browser that made it.
 */
export function addToCart(
  db: Database,
  cartId: string | null,
  additions: readonly CartAddition[],
  additionId?: string,
) {
  return db.transaction(async (tx) => {
    const own = additionId && (await cartIsKept(tx, cartId)) ? cartId : null;
    const made = additionId ? await cartOfAddition(tx, additionId, own) : null;
    if (made) return made;
    const id = await existingOrNewCart(tx, cartId);
    if (additionId) {
      const { rows } = await tx.query(
        `INSERT INTO cart_additions (cart_id, addition_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING addition_id`,
        [id, additionId],
      );
      // The same addition, sent twice at once to this cart, was made by the other request.
      if (rows.length === 0) return id;
    }
    await addLines(tx, id, additions);
    return id;
  });
}

/** The cart's line with that id, by its key columns. */
async function lineKey(db: Queryable, cartId: string, lineId: string) {
  const line = (await cartLines(db, cartId)).find((item) => item.id === lineId);
  return line ? [cartId, line.productId, line.variant, line.channel] : null;
}

/** Sets a line's quantity; 0 removes it. A line that is not there is left so. */
export async function setLineQuantity(db: Database, cartId: string, lineId: string, quantity: number) {
  const key = await lineKey(db, cartId, lineId);
  if (!key) return;
  // A change keeps the cart from being taken for abandoned.
  await db.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cartId]);
  await (quantity === 0
    ? db.query(
        'DELETE FROM cart_lines WHERE cart_id = $1 AND product_id = $2 AND dose = $3 AND channel = $4',
        key,
      )
    : db.query(
        'UPDATE cart_lines SET quantity = $5 WHERE cart_id = $1 AND product_id = $2 AND dose = $3 AND channel = $4',
        [...key, quantity],
      ));
}

export async function clearCart(db: Queryable, cartId: string): Promise<void> {
  await db.query('DELETE FROM cart_lines WHERE cart_id = $1', [cartId]);
}

/**
 * Gives the browser's cart to a signed-in shopper: their cart from another device takes this one's
 * lines (quantities of the same line add up) and becomes this browser's; without one, this cart (or
 * a new one) becomes theirs. Only a cart nobody has claimed is handed over: a browser still holding
 * someone else's cart gets the shopper's own. Resolves to the id of the shopper's cart.
 */
export function claimCart(db: Database, cartId: string | null, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows: owned } = await tx.query<{ id: string }>(
      'SELECT id FROM carts WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    const { rows: browsers } = cartId
      ? await tx.query<{ id: string }>(
          `SELECT id FROM carts WHERE id = $1 AND user_id IS NULL AND ${KEPT} FOR UPDATE`,
          [cartId],
        )
      : { rows: [] };
    const own = owned[0]?.id;
    const anonymous = browsers[0]?.id;
    if (!own) {
      const id = anonymous ?? (await existingOrNewCart(tx, null));
      await tx.query('UPDATE carts SET user_id = $2, updated_at = now() WHERE id = $1', [id, userId]);
      return id;
    }
    if (anonymous) {
      await addLines(tx, own, await cartLines(tx, anonymous));
      await tx.query('DELETE FROM carts WHERE id = $1', [anonymous]);
    }
    await tx.query('UPDATE carts SET updated_at = now() WHERE id = $1', [own]);
    return own;
  });
}
