import type { Limiter } from '@storefront/server-kit/domain';
import type { AccountParts } from '../parts';
import { AuthFailure, tooManyRequests } from './auth-failure';

/**
 * Charges one email the service is asked to send (a resent confirmation, a recovery link): against the
 * client's budget of emails (shared with sign-ups) and against the address's own, whose refusal says
 * when to ask again in Supabase Auth's words. Charged whether or not the address has an account.
 */
export async function chargeEmailSend(
  parts: Pick<AccountParts, 'limits'>,
  client: string,
  perAddress: Limiter,
  email: string,
): Promise<void> {
  await parts.limits.emailSendsPerClient.charge(`client:${client}`, tooManyRequests);
  await perAddress.charge(
    `email:${email}`,
    (seconds) =>
      new AuthFailure(
        'too-many',
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${seconds} seconds.`,
        seconds,
      ),
  );
}
