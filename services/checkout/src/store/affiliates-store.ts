import type { AffiliateDiscount } from '@storefront/commerce/checkout';
import { isUniqueViolation, type Queryable } from '@storefront/server-kit';

export interface AffiliateRecord {
  code: string;
  name: string;
  discountRate: number;
  active: boolean;
}

/** Spec section 7: the code is valid only if get_affiliate_discount returns a row. */
export async function findAffiliateDiscount(db: Queryable, code: string): Promise<AffiliateDiscount | null> {
  const { rows } = await db.query<{ affiliate_id: string; discount_rate: string; affiliate_name: string }>(
    'SELECT affiliate_id, discount_rate, affiliate_name FROM get_affiliate_discount($1)',
    [code],
  );
  const row = rows[0];
  return row
    ? {
        affiliateId: row.affiliate_id,
        affiliateName: row.affiliate_name,
        discountRate: Number(row.discount_rate),
      }
    : null;
}

export async function addAffiliate(
  db: Queryable,
  affiliate: Omit<AffiliateRecord, 'active'>,
): Promise<'added' | 'exists'> {
  try {
    await db.query('INSERT INTO affiliates (code, name, discount_rate) VALUES ($1, $2, $3)', [
      affiliate.code,
      affiliate.name,
      affiliate.discountRate,
    ]);
    return 'added';
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

export async function listAffiliates(db: Queryable): Promise<AffiliateRecord[]> {
  const { rows } = await db.query<{ code: string; name: string; discount_rate: string; active: boolean }>(
    'SELECT code, name, discount_rate, active FROM affiliates ORDER BY code',
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    discountRate: Number(r.discount_rate),
    active: r.active,
  }));
}

export async function disableAffiliate(db: Queryable, code: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE affiliates SET active = false WHERE code = $1 AND active', [
    code,
  ]);
  return rowCount > 0;
}

/** A code as the affiliate program says it is now (ADR 0018): this table is its projection here. */
export interface ProgramCode {
  affiliateId: string;
  code: string;
  name: string;
  discountRate: number;
  active: boolean;
}

/**
 * Makes the code what the program says, written again as often as it is sent: 'taken' when another
 * affiliate holds the code (or this affiliate another code), which only the program can resolve.
 */
export async function projectProgramCode(db: Queryable, code: ProgramCode): Promise<'projected' | 'taken'> {
  try {
    const { rows } = await db.query(
      `INSERT INTO affiliates (id, code, name, discount_rate, active) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (code) DO UPDATE
         SET name = EXCLUDED.name, discount_rate = EXCLUDED.discount_rate, active = EXCLUDED.active
         WHERE affiliates.id = EXCLUDED.id
       RETURNING id`,
      [code.affiliateId, code.code, code.name, code.discountRate, code.active],
    );
    return rows.length ? 'projected' : 'taken';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** The embedded default's demo code, so the flow can be tried without setting anything up. */
export const DEMO_AFFILIATE = { code: 'RESEARCH10', name: 'Research Partner', discountRate: 0.1 };
