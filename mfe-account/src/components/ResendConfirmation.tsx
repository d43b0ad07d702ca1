import type { RuntimeConfig } from '@storefront/bus';
import { Button } from '@storefront/ui';
import { useState } from 'react';
import { authClient } from '../session/auth-client';
import { AUTH_MESSAGES, authErrorMessage } from '../session/auth-messages';
import { OutcomeMessage, type Outcome } from './OutcomeMessage';

/**
 * Offered when sign-in answers 'Email not confirmed': a new confirmation link, for whoever lost the
 * first or let it expire (links last 24 hours). The service limits how often one address gets one.
 */
export function ResendConfirmation({ email, config }: { email: string; config: RuntimeConfig }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function resend() {
    setSending(true);
    try {
      const { error } = await authClient(config).auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${window.location.origin}/` },
      });
      setOutcome(
        error
          ? { tone: 'error', text: authErrorMessage(error) }
          : { tone: 'success', text: AUTH_MESSAGES.confirmationResent },
      );
    } catch {
      setOutcome({ tone: 'error', text: AUTH_MESSAGES.unexpected });
    } finally {
      setSending(false);
    }
  }

  if (outcome?.tone === 'success') return <OutcomeMessage outcome={outcome} />;
  return (
    <>
      {outcome && <OutcomeMessage outcome={outcome} />}
      <Button type="button" $variant="secondary" disabled={sending} onClick={() => void resend()}>
        {sending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </>
  );
}
