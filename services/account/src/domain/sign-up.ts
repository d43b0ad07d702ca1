import { z } from 'zod';
import { hashPassword } from '../passwords';
import { findUserByEmail, insertUser, userJson } from '../store/users-store';
import type { AccountParts } from '../parts';
import { AuthFailure, invalidInput, tooManyRequests } from './auth-failure';
import { chargeEmailSend } from './email-budget';
import { sendConfirmation } from './confirmation-email';
import { challengeOf } from '../pkce';

/** Supabase Auth's default least password length, for sign-up and for a new password alike. */
export const MIN_PASSWORD = 6;

const signUpSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** A password shorter than the least length, in Supabase Auth's words. */
export const weakPassword = () =>
  new AuthFailure('refused', 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`);

const resendSchema = z
  .object({
    type: z.literal('signup'),
    email: z.string().trim().toLowerCase().pipe(z.email()),
  })
  .loose();

/**
 * Registers an account, unconfirmed, and emails the link that confirms it (leading to `redirectTo`).
 * Every attempt counts against the client's email budget, a malformed one too.
 */
export async function signUp(parts: AccountParts, client: string, body: unknown, redirectTo: unknown) {
  await parts.limits.emailSendsPerClient.charge(`client:${client}`, tooManyRequests);
  const parsed = signUpSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput('Signup requires a valid email and password');
  const { email, password, data } = parsed.data;
  if (!z.email().safeParse(email).success) {
    throw new AuthFailure(
      'malformed',
      'email_address_invalid',
      'Unable to validate email address: invalid format',
    );
  }
  if (password.length < MIN_PASSWORD) throw weakPassword();
  const user = await insertUser(parts.db, {
    email,
    passwordHash: await hashPassword(password),
    metadata: data ?? {},
  });
  if (!user) throw new AuthFailure('refused', 'user_already_exists', 'User already registered');
  await sendConfirmation(parts, user, redirectTo, challengeOf(body));
  return userJson(user);
}

/**
 * A fresh confirmation link for an account not yet confirmed (the first may be lost or expired). The
 * outcome is the same whether or not such an account exists, so it tells strangers nothing.
 */
export async function resendConfirmation(
  parts: AccountParts,
  client: string,
  body: unknown,
  redirectTo: unknown,
) {
  const parsed = resendSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput('Resend requires type signup and a valid email');
  const { email } = parsed.data;
  await chargeEmailSend(parts, client, parts.limits.resendsPerEmail, email);
  const user = await findUserByEmail(parts.db, email);
  if (user && !user.email_confirmed_at) await sendConfirmation(parts, user, redirectTo, challengeOf(body));
}
