import type { RuntimeConfig } from '@storefront/bus';
import { ACTIONS } from '../actions';
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages';
import { Button, FormNotice, useFormEcho, type FormMessage } from '@storefront/ui';
import { useState } from 'react';
import { authClient, keepingCodeVerifier } from '../session/auth-client';

/**
 * Offered when sign-in answers 'Email not confirmed': a new confirmation link, for whoever lost the
 * first or let it expire (links last 24 hours). The service limits how often one address gets one. A
 * submit button of the sign-in form, naming its own action, so this module's server action sends the link where
 * no script runs.
 */
export function ResendConfirmation({ email, config }: { email: string; config: RuntimeConfig | null }) {
  const echo = useFormEcho(ACTIONS.resend);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<FormMessage | null>(echo?.message ?? null);

  async function resend() {
    if (!config) return;
    setSending(true);
    try {
      const { error } = await keepingCodeVerifier(() =>
        authClient(config).auth.resend({
          type: 'signup',
          email,
          options: { emailRedirectTo: `${window.location.origin}/` },
        }),
      );
      setOutcome(
        error
          ? { title: authErrorMessage(error), tone: 'error' }
          : { title: AUTH_MESSAGES.confirmationResent, tone: 'success' },
      );
    } catch {
      setOutcome({ title: AUTH_MESSAGES.unexpected, tone: 'error' });
    } finally {
      setSending(false);
    }
  }

  if (outcome?.tone === 'success') return <FormNotice message={outcome} />;
  return (
    <>
      {outcome && <FormNotice message={outcome} />}
      <Button
        type="submit"
        name="_action"
        value={ACTIONS.resend}
        $variant="secondary"
        disabled={sending}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          void resend();
        }}
      >
        {sending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </>
  );
}
