import { Card, Container, Spinner } from '@storefront/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '@storefront/routing';
import styled from 'styled-components';
import { Page } from '../components/CheckoutFrame';
import { applyAffiliateCode } from '../affiliate/apply-affiliate-code';

const Message = styled(Card)`
  max-width: 520px;
  margin: 3rem auto;
  text-align: center;
  display: grid;
  gap: 0.75rem;
  justify-items: center;
  h1 {
    margin: 0;
    font-size: 1.5rem;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/** How long the result stays on screen before the shopper is taken home. */
const RESULT_MS = 1500;

/** /ref/{code}: applies an affiliate's link code, says how it went, then replaces itself with /. */
export default function ReferralPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [result, setResult] = useState<'applying' | 'applied' | 'failed'>('applying');

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void applyAffiliateCode(code, 'referral').then((applied) => {
      if (!current) return;
      setResult(applied ? 'applied' : 'failed');
      timer = setTimeout(() => navigate('/', { replace: true }), RESULT_MS);
    });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, navigate]);

  return (
    <Page>
      <Container>
        <Message role="status">
          {result === 'applying' && (
            <>
              <Spinner $size={32} />
              <h1>Applying Affiliate Code...</h1>
            </>
          )}
          {result === 'applied' && (
            <>
              <h1>Affiliate Code Applied!</h1>
              <p>Welcome! Your affiliate discount is now active.</p>
            </>
          )}
          {result === 'failed' && (
            <>
              <h1>Code Issue</h1>
              <p>There was a problem applying the affiliate code.</p>
            </>
          )}
        </Message>
      </Container>
    </Page>
  );
}
