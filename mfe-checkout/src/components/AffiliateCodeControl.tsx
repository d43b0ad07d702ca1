import { bus } from '@storefront/bus';
import { affiliateDiscountLabel } from '@storefront/commerce';
import {
  ActionField,
  Button,
  CloseMark,
  FormNotice,
  Input,
  keepsEarlyTap,
  Spinner,
  useFormEcho,
} from '@storefront/ui';
import { useLocation } from '@storefront/routing';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ACTIONS } from '../actions';
import { applyAffiliateCode } from '../affiliate/apply-affiliate-code';
import { useAffiliate } from '../affiliate/use-affiliate';

const Disclosure = styled.details`
  summary {
    list-style: none;
    width: fit-content;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  &[open] summary {
    display: none;
  }
`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  input {
    flex: 1 1 10rem;
    text-transform: uppercase;
  }
`;

const Chip = styled.form`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  margin: 0;
  padding: 0.25rem 0.25rem 0.25rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
  button {
    min-height: 32px;
    padding: 0.2rem 0.6rem;
  }
`;

/** A toggle drawn as the spec's secondary button: the summary of the code's disclosure. */
const Toggle = styled(Button)`
  cursor: pointer;
`;

/**
 * Spec section 4's affiliate control: 'Add affiliate code' → input with Apply (disabled while
 * validating or blank) and Cancel → the applied chip '{name} - N% off' with a remove button. The
 * checkout module's affiliate store does the checking; this only asks and shows. A disclosure and
 * forms, so it works where no script runs (this module's server action applies the code); a refused
 * code stays in the input, to be corrected rather than typed again; Escape in the input cancels it and
 * nothing else (not the cart panel around it). On a checkout its field and buttons belong to the page's
 * order form (`orderForm`): where no script runs what was typed into the order goes with them and comes
 * back; with a script, Enter in the field applies the code, never sends the order.
 */
export function AffiliateCodeControl({
  source,
  orderForm,
}: {
  source: 'checkout' | 'cart-panel';
  orderForm?: string;
}) {
  const affiliate = useAffiliate();
  const own = useFormEcho(ACTIONS.affiliate);
  const order = useFormEcho(ACTIONS.order);
  const echo = own ?? (orderForm && order?.values.code ? order : null);
  const [editing, setEditing] = useState(echo !== null);
  const [code, setCode] = useState(echo?.values.code ?? '');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  // Opened, or typed into, before the page hydrated: kept.
  useLayoutEffect(() => {
    if (disclosure.current?.open) setEditing(true);
    if (input.current?.value) setCode(input.current.value);
  }, []);
  const inCartPanel = source === 'cart-panel' ? 'yes' : 'no';
  // Cancelling by keyboard hands focus back to the toggle, not to the page behind the panel.
  const focusToggle = useRef(false);
  useEffect(() => {
    if (editing || !focusToggle.current) return;
    focusToggle.current = false;
    toggle.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);
  const validating = affiliate.status === 'validating';
  const cancel = () => {
    setEditing(false);
    setCode('');
  };
  /** Applies the code typed, read from its field: a submit that landed before the page hydrated included. */
  const apply = async () => {
    const typed = input.current?.value ?? code;
    if (!typed.trim() || validating) return;
    if (await applyAffiliateCode(typed, source)) cancel();
    else input.current?.focus();
  };
  // A form of its own (the cart panel), or parts of the checkout's order form: what each submit sends.
  const formOf = (action: string) =>
    orderForm
      ? { as: 'div' as const }
      : { method: 'post', action: `${pathname}${search}`, children: <ActionField name={action} /> };
  const sends = (action: string) => (orderForm ? { form: orderForm, name: '_action', value: action } : {});

  if (affiliate.status === 'applied') {
    const { children: actionField, ...form } = formOf(ACTIONS.affiliateRemove);
    return (
      <Chip role="status" {...form} onSubmit={(event: React.FormEvent) => event.preventDefault()}>
        {actionField}
        {!orderForm && <input type="hidden" name="inCartPanel" value={inCartPanel} />}
        {affiliateDiscountLabel(affiliate.data.affiliateName, affiliate.data.discountRate)}
        <Button
          type="submit"
          $variant="ghost"
          aria-label="Remove affiliate code"
          {...sends(ACTIONS.affiliateRemove)}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            bus.publish('affiliate/clear');
          }}
        >
          <CloseMark />
        </Button>
      </Chip>
    );
  }
  const { children: actionField, ...form } = formOf(ACTIONS.affiliate);
  return (
    <Disclosure
      ref={disclosure}
      open={editing || validating}
      // Opened for a code being checked, it is not the shopper's toggle: only theirs is followed.
      onToggle={(event) => {
        if (!validating) setEditing(event.currentTarget.open);
      }}
    >
      <Toggle as="summary" ref={toggle} role="button" $variant="secondary">
        Add affiliate code
      </Toggle>
      {echo?.message && !echo.toast && <FormNotice message={echo.message} />}
      <Row
        {...form}
        aria-label="Affiliate code"
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          void apply();
        }}
        onKeyDown={(event: React.KeyboardEvent) => {
          if (event.key === 'Enter' && orderForm && event.target === input.current) {
            event.preventDefault();
            void apply();
          }
          if (event.key !== 'Escape' || validating) return;
          event.stopPropagation();
          focusToggle.current = true;
          cancel();
        }}
      >
        {actionField}
        {!orderForm && <input type="hidden" name="inCartPanel" value={inCartPanel} />}
        <Input
          ref={input}
          name="code"
          form={orderForm}
          aria-label="Affiliate code"
          placeholder="Enter affiliate code"
          value={validating ? affiliate.code : code}
          disabled={validating}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button
          type="submit"
          disabled={validating || (editing && !code.trim())}
          {...sends(ACTIONS.affiliate)}
          onClick={(event: React.MouseEvent) => {
            if (!orderForm) return;
            event.preventDefault();
            void apply();
          }}
        >
          {validating ? (
            <>
              <Spinner /> Applying…
            </>
          ) : (
            'Apply'
          )}
        </Button>
        {!validating && (
          <Button
            type="button"
            $variant="ghost"
            {...keepsEarlyTap}
            onClick={() => {
              focusToggle.current = true;
              cancel();
            }}
          >
            Cancel
          </Button>
        )}
      </Row>
    </Disclosure>
  );
}
