import { bus } from '@storefront/bus';
import { affiliateDiscountLabel } from '@storefront/commerce';
import { Button, Input, Spinner } from '@storefront/ui';
import { useEffect, useRef, useState } from 'react';
import { applyAffiliateCode } from '../affiliate/apply-affiliate-code';
import { useAffiliate } from '../affiliate/use-affiliate';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  input {
    flex: 1 1 10rem;
    text-transform: uppercase;
  }
`;

const Chip = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  margin: 0;
  padding: 0.25rem 0.25rem 0.25rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: #ecfdf5;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
  button {
    min-height: 32px;
    padding: 0.2rem 0.6rem;
  }
`;

/**
 * Spec section 4's affiliate control: 'Add affiliate code' → input with Apply (disabled while
 * validating or blank) and Cancel → the applied chip '{name} - N% off' with a remove button. The shell's
 * affiliate store does the checking; this only asks and shows. A refused code stays in the input, to be
 * corrected rather than typed again; Escape in the input cancels it and nothing else (not the cart
 * panel around it).
 */
export function AffiliateCodeControl({ source }: { source: 'checkout' | 'cart-panel' }) {
  const affiliate = useAffiliate();
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Cancelling by keyboard hands focus back to the toggle, not to the page behind the panel.
  const focusToggle = useRef(false);
  useEffect(() => {
    if (editing || !focusToggle.current) return;
    focusToggle.current = false;
    toggle.current?.focus();
  }, [editing]);
  const cancel = () => {
    setEditing(false);
    setCode('');
  };

  if (affiliate.status === 'applied') {
    return (
      <Chip role="status">
        {affiliateDiscountLabel(affiliate.data.affiliateName, affiliate.data.discountRate)}
        <Button
          type="button"
          $variant="ghost"
          aria-label="Remove affiliate code"
          onClick={() => bus.publish('affiliate/clear')}
        >
          ✕
        </Button>
      </Chip>
    );
  }
  const validating = affiliate.status === 'validating';
  if (!editing && !validating) {
    return (
      <Button ref={toggle} type="button" $variant="secondary" onClick={() => setEditing(true)}>
        Add affiliate code
      </Button>
    );
  }
  return (
    <Row
      as="form"
      aria-label="Affiliate code"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!code.trim() || validating) return;
        if (await applyAffiliateCode(code, source)) cancel();
        else input.current?.focus();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || validating) return;
        event.stopPropagation();
        focusToggle.current = true;
        cancel();
      }}
    >
      <Input
        ref={input}
        aria-label="Affiliate code"
        placeholder="Enter affiliate code"
        autoFocus
        value={validating ? affiliate.code : code}
        disabled={validating}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" disabled={validating || !code.trim()}>
        {validating ? (
          <>
            <Spinner /> Applying…
          </>
        ) : (
          'Apply'
        )}
      </Button>
      {!validating && (
        <Button type="button" $variant="ghost" onClick={cancel}>
          Cancel
        </Button>
      )}
    </Row>
  );
}
