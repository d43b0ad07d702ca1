import { useState } from 'react';
import styled from 'styled-components';
import { keepsEarlyTap } from './early-tap';

const Stepper = styled.div`
  display: inline-flex;
  align-items: stretch;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  button,
  input {
    height: 44px;
    border: 0;
    font: inherit;
    /* Inside the stepper's own border, so the ring is whole on every part (nothing clips it). */
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.brand};
      outline-offset: -3px;
      position: relative;
    }
  }
  button {
    width: 44px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-size: 1.2rem;
    cursor: pointer;
  }
  button:first-child {
    border-radius: ${({ theme }) => theme.radii.md} 0 0 ${({ theme }) => theme.radii.md};
  }
  button:last-child {
    border-radius: 0 ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0;
  }
  button:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
  input {
    width: 4rem;
    text-align: center;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surface};
    -moz-appearance: textfield;
    &::-webkit-outer-spin-button,
    &::-webkit-inner-spin-button {
      -webkit-appearance: none;
      margin: 0;
    }
  }
`;

/** A whole number of at least 1 from what was typed, else null (an empty or half-typed field). */
function wholeOfAtLeastOne(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : null;
}

export interface QuantityStepperProps {
  value: number;
  onChange(next: number): void;
  /** Tells several steppers on one page apart, in their accessible names. */
  itemName?: string;
  /** The field's name in its form (quantity), so a form sent without scripts carries it. */
  name?: string;
  /** The form it belongs to, when it stands outside it. */
  form?: string;
  /**
   * − and + submit the form with the new quantity where no script runs (the cart panel, whose every
   * change is sent at once); elsewhere they are worked by the page's script, and a tap before the page
   * hydrated is replayed once it has.
   */
  stepsSubmit?: boolean;
}

/** Quantity of at least 1 and no upper limit: − and + around a field the shopper may also type in. */
export function QuantityStepper({
  value,
  onChange,
  itemName,
  name,
  form,
  stepsSubmit = false,
}: QuantityStepperProps) {
  const of = itemName ? ` of ${itemName}` : '';
  // What is being typed, while it is not yet a quantity (an emptied field, say); the value otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const step = (next: number) => ({
    type: stepsSubmit ? ('submit' as const) : ('button' as const),
    ...(stepsSubmit ? { name, value: String(next), form } : keepsEarlyTap),
    onClick: (event: React.MouseEvent) => {
      event.preventDefault();
      setDraft(null);
      onChange(next);
    },
  });
  return (
    <Stepper role="group" aria-label={`Quantity${of}`}>
      <button aria-label={`Decrease quantity${of}`} disabled={value <= 1} {...step(Math.max(1, value - 1))}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        name={stepsSubmit ? undefined : name}
        form={form}
        aria-label={`Quantity${of}`}
        value={draft ?? String(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = wholeOfAtLeastOne(event.target.value);
          if (next !== null) onChange(next);
        }}
        onBlur={() => setDraft(null)}
      />
      <button aria-label={`Increase quantity${of}`} {...step(value + 1)}>
        +
      </button>
    </Stepper>
  );
}
