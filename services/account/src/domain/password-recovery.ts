import { z } from 'zod';
import { hashPassword, verifyPassword } from '../passwords';
import {
  allowRecovery,
  createRecovery,
  inRecovery,
  replacePassword,
  takeRecovery,
} from '../store/recoveries-store';
import { startSession } from '../store/sessions-store';
import { findUserByEmail, findUserById, userJson } from '../store/users-store';
import type { AccountParts } from '../parts';
import { AuthFailure, invalidCredentials, invalidInput, tooManyRequests } from './auth-failure';
import { chargeEmailSend } from './email-budget';
import { claimsOf, sessionOf } from './sessions';
import { MIN_PASSWORD, weakPassword } from './sign-up';

/** The site's page a recovery link leads to: it takes the link and asks for the new password. */
export const RESET_PAGE = '/auth/reset';

const recoverSchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }).loose();
const verifySchema = z
  .object({ type: z.literal('recovery'), token_hash: z.string().min(1).max(200) })
  .loose();
const updateSchema = z
  .object({ password: z.string().max(1024), current_password: z.string().max(1024).optional() })
  .loose();

/**
 * A forgotten password (supabase-js `resetPasswordForEmail`: POST /recover): the account's address is
 * mailed a one-time link to the site's reset page. The answer is the same whether or not the address
 * has an account, so it tells strangers nothing; asking is limited per client (one budget with the
 * other emails it sends) and per address, an address without an account too.
 */
export async function requestRecovery(parts: AccountParts, client: string, body: unknown): Promise<void> {
  const parsed = recoverSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput('Password recovery requires a valid email');
  const { email } = parsed.data;
  await chargeEmailSend(parts, client, parts.limits.recoveriesPerEmail, email);
  const user = await findUserByEmail(parts.db, email);
  if (!user) return;
  const token = await createRecovery(parts.db, user.id);
  const link = `${parts.settings.siteUrl}${RESET_PAGE}?token_hash=${token}&type=recovery`;
  await parts.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text:
      `Follow this link to choose a new password for your account:\n\n${link}\n\n` +
      'The link works once, within an hour. If you did not ask for it, ignore this message: your password stays as it is.',
    link,
  });
}

/**
 * A recovery link taken (supabase-js `verifyOtp({ token_hash, type: 'recovery' })`: POST /verify): once,
 * within its hour, it starts a session that may set a new password without the current one.
 */
export async function verifyRecovery(parts: AccountParts, body: unknown) {
  const parsed = verifySchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput('Verify requires type recovery and a token_hash');
  const userId = await takeRecovery(parts.db, parsed.data.token_hash);
  if (!userId) throw new AuthFailure('forbidden', 'otp_expired', 'Email link is invalid or has expired');
  const user = (await findUserById(parts.db, userId))!;
  const { sessionId, refreshToken } = await startSession(parts.db, user.id);
  await allowRecovery(parts.db, sessionId);
  return { ...(await sessionOf(parts, user, sessionId, refreshToken)), type: 'recovery' };
}

/**
 * A new password for the signed-in account (supabase-js `updateUser({ password })`: PUT /user). A session
 * begun from a recovery link sets it as it is; any other must give the current password too (a session
 * left open on a shared machine cannot take the account). Every other session of the account ends.
 */
export async function updatePassword(
  parts: AccountParts,
  client: string,
  accessToken: string | undefined,
  body: unknown,
) {
  const claims = await claimsOf(parts, accessToken);
  const parsed = updateSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput('Only a new password can be changed here');
  const { password, current_password: current } = parsed.data;
  if (password.length < MIN_PASSWORD) throw weakPassword();
  const user = (await findUserById(parts.db, claims.sub))!;
  if (!(await inRecovery(parts.db, claims.session_id))) {
    const clientKey = `client:${client}`;
    const limited = await parts.limits.failedSignInsPerClient.refusal(clientKey);
    if (limited !== null) throw tooManyRequests(limited);
    if (current === undefined)
      throw new AuthFailure('refused', 'reauthentication_needed', 'Current password required');
    if (!(await verifyPassword(current, user.password_hash))) {
      await parts.limits.failedSignInsPerClient.hit(clientKey);
      throw invalidCredentials();
    }
  }
  if (await verifyPassword(password, user.password_hash))
    throw new AuthFailure(
      'refused',
      'same_password',
      'New password should be different from the old password.',
    );
  await replacePassword(parts.db, {
    userId: user.id,
    sessionId: claims.session_id,
    passwordHash: await hashPassword(password),
  });
  return userJson((await findUserById(parts.db, user.id))!);
}
