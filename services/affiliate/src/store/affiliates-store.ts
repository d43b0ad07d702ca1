import { isUniqueViolation, type Queryable } from '@storefront/server-kit/domain';

export type AffiliateStatus = 'applied' | 'approved' | 'declined';

/** An affiliate, or an account that asked to be one, as the program keeps it. */
export interface Affiliate {
  id: string;
  accountId: string;
  name: string;
  channel: string;
  promotion: string;
  status: AffiliateStatus;
  code: string | null;
  commissionRateBp: number;
  /** The account's email when it applied: only to tell its own orders apart. */
  email: string | null;
  appliedAt: string;
  decidedAt: string | null;
}

export interface Application {
  name: string;
  channel: string;
  promotion: string;
}

interface AffiliateRow {
  id: string;
  account_id: string;
  name: string;
  channel: string;
  promotion: string;
  status: AffiliateStatus;
  code: string | null;
  commission_rate_bp: number;
  email: string | null;
  applied_at: Date | string;
  decided_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const affiliateOf = (row: AffiliateRow): Affiliate => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  channel: row.channel,
  promotion: row.promotion,
  status: row.status,
  code: row.code,
  commissionRateBp: Number(row.commission_rate_bp),
  email: row.email,
  appliedAt: iso(row.applied_at),
  decidedAt: row.decided_at === null ? null : iso(row.decided_at),
});

/** The account's application, written once: null when the account has already applied. */
export async function insertApplication(
  db: Queryable,
  account: { id: string; email: string | null },
  application: Application,
): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>(
    `INSERT INTO affiliates (account_id, email, name, channel, promotion) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id) DO NOTHING RETURNING *`,
    [account.id, account.email, application.name, application.channel, application.promotion],
  );
  return rows[0] ? affiliateOf(rows[0]) : null;
}

export async function findByAccount(db: Queryable, accountId: string): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>('SELECT * FROM affiliates WHERE account_id = $1', [
    accountId,
  ]);
  return rows[0] ? affiliateOf(rows[0]) : null;
}

export async function findById(db: Queryable, id: string): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>('SELECT * FROM affiliates WHERE id = $1', [id]);
  return rows[0] ? affiliateOf(rows[0]) : null;
}

/** Every affiliate in `status` (or all), the oldest application first. */
export async function listAffiliates(db: Queryable, status?: AffiliateStatus): Promise<Affiliate[]> {
  const { rows } = await db.query<AffiliateRow>(
    `SELECT * FROM affiliates WHERE $1::text IS NULL OR status = $1 ORDER BY applied_at, id`,
    [status ?? null],
  );
  return rows.map(affiliateOf);
}

/**
 * Approves a pending application with `code`: the approved affiliate, null when the application is no
 * longer pending, or 'code-taken' when another affiliate holds the code (the caller draws another).
 */
export async function approveApplication(
  db: Queryable,
  id: string,
  code: string,
): Promise<Affiliate | null | 'code-taken'> {
  try {
    const { rows } = await db.query<AffiliateRow>(
      `UPDATE affiliates SET status = 'approved', code = $2, decided_at = now()
       WHERE id = $1 AND status = 'applied' RETURNING *`,
      [id, code],
    );
    return rows[0] ? affiliateOf(rows[0]) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'code-taken';
    throw error;
  }
}

/** Declines a pending application: the declined affiliate, or null when it is no longer pending. */
export async function declineApplication(db: Queryable, id: string): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>(
    `UPDATE affiliates SET status = 'declined', decided_at = now()
     WHERE id = $1 AND status = 'applied' RETURNING *`,
    [id],
  );
  return rows[0] ? affiliateOf(rows[0]) : null;
}

/** Sets an approved affiliate's commission rate (basis points): null when there is no such affiliate. */
export async function setCommissionRate(
  db: Queryable,
  id: string,
  rateBp: number,
): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>(
    `UPDATE affiliates SET commission_rate_bp = $2 WHERE id = $1 AND status = 'approved' RETURNING *`,
    [id, rateBp],
  );
  return rows[0] ? affiliateOf(rows[0]) : null;
}

/** The approved affiliate holding `code`, or null. */
export async function findApprovedByCode(db: Queryable, code: string): Promise<Affiliate | null> {
  const { rows } = await db.query<AffiliateRow>(
    `SELECT * FROM affiliates WHERE code = $1 AND status = 'approved'`,
    [code],
  );
  return rows[0] ? affiliateOf(rows[0]) : null;
}
