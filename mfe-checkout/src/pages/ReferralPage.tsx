import { AFFILIATE_MESSAGES } from '../affiliate/affiliate-messages';
import { Button, Card, Container, Spinner, useFormEcho, useHydrated, type FormEcho } from '@storefront/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '@storefront/routing';
import styled from 'styled-components';
import { Page } from '../components/CheckoutFrame';
import { ACTIONS } from '../actions';
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

type Result = { status: 'applying' } | { status: 'applied' | 'failed'; title: string; description?: string };

/** The result the page's server loader reached when it applied the link's code (every visit starts there). */
function resultOf(echo: FormEcho | null): Result {
  if (!echo?.message || (echo.outcome !== 'applied' && echo.outcome !== 'failed'))
    return { status: 'applying' };
  return { status: echo.outcome, title: echo.message.title, description: echo.message.description };
}

/**
 * /ref/{code}: applies an affiliate's link code, says how it went, then replaces itself with /. Its
 * server loader applies the code and the page is rendered with the result, so the link works with no script; the page's
 * script then applies it in this browser too (the spec's toast, the saved code) and goes home.
 */
export default function ReferralPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [result, setResult] = useState<Result>(resultOf(useFormEcho(ACTIONS.affiliate)));

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void applyAffiliateCode(code, 'referral').then((applied) => {
      if (!current) return;
      const message = applied ? AFFILIATE_MESSAGES.referralApplied : AFFILIATE_MESSAGES.referralFailed;
      setResult({ status: applied ? 'applied' : 'failed', ...message });
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
          {result.status === 'applying' ? (
            <>
              <Spinner $size={32} />
              <h1>Applying Affiliate Code...</h1>
            </>
          ) : (
            <>
              <h1>{result.title}</h1>
              {result.description && <p>{result.description}</p>}
            </>
          )}
          {/* With a script the page goes home by itself; without one, this is the way on. */}
          {!hydrated && result.status !== 'applying' && (
            <Button as="a" href="/">
              Continue to the Shop
            </Button>
          )}
        </Message>
      </Container>
    </Page>
  );
}
