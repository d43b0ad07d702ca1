import { createConfirmation } from '../store/confirmations-store';
import type { CodeChallenge } from '../pkce';
import type { UserRow } from '../store/users-store';
import type { AccountParts } from '../parts';

/** A redirect target on this site, or the site itself: a link never leads a researcher elsewhere. */
export function safeRedirect(siteUrl: string, target: unknown): string {
  if (typeof target !== 'string') return siteUrl;
  try {
    return new URL(target).origin === new URL(siteUrl).origin ? target : siteUrl;
  } catch {
    return siteUrl;
  }
}

/**
 * Emails `user` a new link confirming their address, which brings them back to `redirectTo`; with the
 * PKCE challenge of the browser that asked, which alone it then signs in.
 */
export async function sendConfirmation(
  { db, mailer, settings }: AccountParts,
  user: UserRow,
  redirectTo: unknown,
  challenge: CodeChallenge | null,
): Promise<void> {
  const token = await createConfirmation(db, user.id, safeRedirect(settings.siteUrl, redirectTo), challenge);
  const link = `${settings.publicUrl}/auth/v1/verify?token=${token}&type=signup`;
  await mailer.send({
    to: user.email,
    subject: 'Confirm your signup',
    text: `Follow this link to confirm your account:\n\n${link}\n\nIf you did not sign up, ignore this message.`,
    link,
  });
}
