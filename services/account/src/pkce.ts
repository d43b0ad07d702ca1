import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A PKCE challenge as supabase-js sends it with a sign-up (RFC 7636): its value and its method. */
export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** The challenge of a request body (`code_challenge`, `code_challenge_method`), if it carries one. */
const challengeSchema = z.object({
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z
    .string()
    .transform((method) => method.toLowerCase())
    .pipe(z.enum(['s256', 'plain'])),
});

export function challengeOf(body: unknown): CodeChallenge | null {
  const parsed = challengeSchema.safeParse(body ?? {});
  return parsed.success
    ? { challenge: parsed.data.code_challenge, method: parsed.data.code_challenge_method }
    : null;
}

/** Whether `verifier` answers the challenge (compared in constant time). */
export function answersChallenge(verifier: unknown, { challenge, method }: CodeChallenge): boolean {
  if (typeof verifier !== 'string' || verifier.length < 43 || verifier.length > 128) return false;
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const [a, b] = [Buffer.from(expected), Buffer.from(challenge)];
  return a.length === b.length && timingSafeEqual(a, b);
}
