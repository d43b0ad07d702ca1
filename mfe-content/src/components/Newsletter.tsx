import { ApiError } from '@storefront/commerce/api-client';
import { bus } from '@storefront/bus';
import { Card, Container, FormNotice, Muted, useFormEcho } from '@storefront/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { NEWSLETTER_ACTION } from '../actions';
import { contentApi, type ContentApi } from '../api';
import { NEWSLETTER_MESSAGES, subscriptionFromForm } from './newsletter-messages';
import { NewsletterForm } from './NewsletterForm';

const Section = styled.section`
  padding: 3.5rem 0;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.brand},
    ${({ theme }) => theme.colors.brandStrong}
  );
  color: ${({ theme }) => theme.colors.onDark};
  h2 {
    font-size: 1.8rem;
  }
  p {
    color: rgba(255, 255, 255, 0.85);
  }
`;

/** A card on the section's dark band: dark text again, its paragraphs included. */
const Panel = styled(Card)`
  color: ${({ theme }) => theme.colors.ink};
  margin-top: 1.5rem;
  && p {
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const SuccessCard = styled(Panel)`
  border-left: 6px solid ${({ theme }) => theme.colors.success};
  h3 {
    color: ${({ theme }) => theme.colors.success};
  }
`;

type Status = 'idle' | 'submitting' | 'subscribed';

/**
 * Spec sections 4 and 8: idle, submitting, then subscribed (a success card) or idle with a toast. Where
 * no script ran, this module's server action subscribed (or refused) and the page says so in place,
 * with the message the toast would have carried.
 */
export function Newsletter({ api = contentApi }: { api?: ContentApi }) {
  const echo = useFormEcho(NEWSLETTER_ACTION);
  const [status, setStatus] = useState<Status>(echo?.outcome === 'subscribed' ? 'subscribed' : 'idle');

  const subscribe = async (fields: FormData) => {
    if (status === 'submitting') return;
    const { subscribed, already, failed } = NEWSLETTER_MESSAGES;
    const sent = subscriptionFromForm((name) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : null;
    });
    if ('missing' in sent) {
      bus.publish('toast/show', { ...sent.missing, variant: 'destructive' });
      return;
    }
    setStatus('submitting');
    try {
      await api.subscribe(sent);
      setStatus('subscribed');
      bus.publish('toast/show', { ...subscribed, variant: 'success' });
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.status === 409) {
        bus.publish('toast/show', { ...already });
      } else {
        bus.publish('toast/show', { ...failed, variant: 'destructive' });
      }
    }
  };

  return (
    <Section id="newsletter" aria-labelledby="newsletter-heading">
      <Container>
        <h2 id="newsletter-heading">Stay Updated with Research</h2>
        <p>
          Join researchers who receive our updates on new compounds, research protocols and scientific
          literature.
        </p>
        {status === 'subscribed' ? (
          <SuccessCard role="status">
            {echo?.message && <FormNotice message={echo.message} />}
            <h3>You&apos;re subscribed!</h3>
            <Muted>
              We&apos;ll keep you updated on new research compounds, laboratory protocols and the latest
              scientific literature.
            </Muted>
          </SuccessCard>
        ) : (
          <Panel>
            {echo?.message && <FormNotice message={echo.message} />}
            <NewsletterForm submitting={status === 'submitting'} onSubmit={subscribe} echo={echo} />
          </Panel>
        )}
      </Container>
    </Section>
  );
}

export default Newsletter;
