import { ApiError } from '@storefront/commerce';
import { bus } from '@storefront/bus';
import { Card, Container, Muted } from '@storefront/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { contentApi, type ContentApi } from '../api';
import { NewsletterForm } from './NewsletterForm';

const Section = styled.section`
  padding: 3.5rem 0;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.brand},
    ${({ theme }) => theme.colors.brandStrong}
  );
  color: #fff;
  h2 {
    font-size: 1.8rem;
  }
  p {
    color: rgba(255, 255, 255, 0.85);
  }
`;

const Panel = styled(Card)`
  color: ${({ theme }) => theme.colors.ink};
  margin-top: 1.5rem;
`;

const SuccessCard = styled(Panel)`
  border-left: 6px solid ${({ theme }) => theme.colors.success};
  h3 {
    color: ${({ theme }) => theme.colors.success};
  }
`;

type Status = 'idle' | 'submitting' | 'subscribed';

/** Spec sections 4 and 8: idle, submitting, then subscribed (a success card) or idle with a toast. */
export function Newsletter({ api = contentApi }: { api?: ContentApi }) {
  const [status, setStatus] = useState<Status>('idle');

  const subscribe = async ({ name, email }: { name: string; email: string }) => {
    if (status === 'submitting') return;
    if (!name.trim() || !email.trim()) {
      bus.publish('toast/show', {
        title: 'Required fields missing',
        description: 'Please fill in your email and name.',
        variant: 'destructive',
      });
      return;
    }
    setStatus('submitting');
    try {
      await api.subscribe({ name, email });
      setStatus('subscribed');
      bus.publish('toast/show', {
        title: 'Successfully subscribed!',
        description: 'Thank you for joining our research community.',
        variant: 'success',
      });
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.status === 409) {
        bus.publish('toast/show', {
          title: 'Already subscribed',
          description: 'This email is already subscribed to our newsletter.',
        });
      } else {
        bus.publish('toast/show', {
          title: 'Subscription failed',
          description: 'There was an error subscribing you to our newsletter. Please try again.',
          variant: 'destructive',
        });
      }
    }
  };

  return (
    <Section aria-labelledby="newsletter-heading">
      <Container>
        <h2 id="newsletter-heading">Stay Updated with Research</h2>
        <p>
          Join researchers who receive our updates on new compounds, research protocols and scientific
          literature.
        </p>
        {status === 'subscribed' ? (
          <SuccessCard role="status">
            <h3>You&apos;re subscribed!</h3>
            <Muted>
              We&apos;ll keep you updated on new research compounds, laboratory protocols and the latest
              scientific literature.
            </Muted>
          </SuccessCard>
        ) : (
          <Panel>
            <NewsletterForm submitting={status === 'submitting'} onSubmit={subscribe} />
          </Panel>
        )}
      </Container>
    </Section>
  );
}

export default Newsletter;
