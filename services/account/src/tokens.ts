import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  email: string;
  session_id: string;
}

/** Signs and checks the access tokens: HS256 JWTs as Supabase issues them (aud and role 'authenticated'). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    claims: AccessClaims,
    now = Math.floor(Date.now() / 1000),
  ): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = now + this.ttlSeconds;
    const token = await new SignJWT({
      email: claims.email,
      role: 'authenticated',
      session_id: claims.session_id,
      aal: 'aal1',
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /**
   * The refresh token that follows `refreshToken`: derived from it with the signing key, so a token
   * presented twice within the reuse interval (two tabs at once) gets the same successor, one chain,
   * with no token kept in clear. Without the key it cannot be derived.
   */
  successorOf(refreshToken: string): string {
    return createHmac('sha256', this.key)
      .update(`refresh-token-successor:${refreshToken}`)
      .digest('base64url');
  }

  /** The claims of a genuine, unexpired token; throws otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: ['HS256'],
      audience: 'authenticated',
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.session_id !== 'string' ||
      typeof payload.email !== 'string'
    ) {
      throw new Error('missing claims');
    }
    return { sub: payload.sub, email: payload.email, session_id: payload.session_id };
  }
}

/** Opaque random tokens (refresh tokens, confirmation links); only their SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
