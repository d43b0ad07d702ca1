import type { Queryable } from '@storefront/server-kit';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A user as Supabase Auth answers it; never the password hash. */
export function userJson(user: UserRow) {
  const createdAt = iso(user.created_at)!;
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: user.email_confirmed_at !== null, sub: user.id },
        provider: 'email',
        email: user.email,
        last_sign_in_at: iso(user.last_sign_in_at) ?? createdAt,
        created_at: createdAt,
        updated_at: iso(user.updated_at),
      },
    ],
    is_anonymous: false,
    created_at: createdAt,
    updated_at: iso(user.updated_at),
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Null when the email is taken (the unique index on lower(email) decides, even under races). */
export async function insertUser(
  db: Queryable,
  user: { email: string; passwordHash: string; metadata: Record<string, unknown> },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, user_metadata, confirmation_sent_at)
     VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
    [user.email, user.passwordHash, JSON.stringify(user.metadata)],
  );
  return rows[0] ?? null;
}
