import type { Queryable } from '@storefront/server-kit/domain';

/** A code as checkout must hold it now: the affiliate's current code, name, discount and standing. */
export interface PendingCodeChange {
  changeId: string;
  affiliateId: string;
  code: string;
  name: string;
  discountRate: number;
  active: boolean;
}

/** Notes that checkout must hear of the affiliate's code (in the transaction that changed it). */
export async function recordCodeChange(db: Queryable, affiliateId: string): Promise<void> {
  await db.query('INSERT INTO code_changes (affiliate_id) VALUES ($1)', [affiliateId]);
}

/** The oldest changes checkout has not taken yet, each read as the affiliate stands now. */
export async function pendingCodeChanges(db: Queryable, limit: number): Promise<PendingCodeChange[]> {
  const { rows } = await db.query<{
    change_id: string;
    affiliate_id: string;
    code: string;
    name: string;
    discount_rate_bp: number;
    status: string;
  }>(
    `SELECT c.id AS change_id, a.id AS affiliate_id, a.code, a.name, a.discount_rate_bp, a.status
       FROM code_changes c JOIN affiliates a ON a.id = c.affiliate_id
      WHERE c.delivered_at IS NULL AND a.code IS NOT NULL
      ORDER BY c.id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    changeId: String(row.change_id),
    affiliateId: row.affiliate_id,
    code: row.code,
    name: row.name,
    discountRate: Number(row.discount_rate_bp) / 10_000,
    active: row.status === 'approved',
  }));
}

export async function markCodeChangeDelivered(db: Queryable, changeId: string): Promise<void> {
  await db.query('UPDATE code_changes SET delivered_at = now() WHERE id = $1', [changeId]);
}
