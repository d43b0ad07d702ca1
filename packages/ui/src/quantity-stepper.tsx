import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { keepsEarlyTap } from './early-tap';

const Stepper = styled.div`
  display: inline-flex;
  order: 1;
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
  /* Where no script runs, − and + worked by a script would do nothing: the field alone is offered. */
  html:not([data-scripted]) & button[data-replay] {
    display: none;
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

/** A whole number of at least `least` from what was typed, else null (an empty or half-typed field). */
export function wholeOfAtLeast(text: string, least: number): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isSafeInteger(value) && value >= least ? value : null;
}

const Sending = styled.span`
  display: inline-flex;
  gap: 0.5rem;
  align-items: center;
`;

/** The typed quantity's own submit, first in the form (so Enter sends it), shown where no script runs. */
const Update = styled.button`
  order: 2;
  min-height: 44px;
  padding: 0 0.9rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  html[data-hydrated] & {
    display: none;
  }
`;

export interface QuantityStepperProps {
  value: number;
  onChange(next: number): void;
  /** Tells several steppers on one page apart, in their accessible names. */
  itemName?: string;
  /** The field's name in its form (quantity), so a form sent without scripts carries it. */
  name?: string;
  /** The form it belongs to, when it stands outside it. */
  form?: string;
  /** The name its − and + send their new quantity in, where they submit (the typed one is `name`'s). */
  stepName?: string;
  /**
   * Each change is sent at once (the cart panel): − and + submit the form with the new quantity (as
   * `stepName`), and a typed one is sent with Update (or Enter) where no script runs; with a script,
   * Enter commits what was typed (0 takes the line out). Elsewhere − and + are worked by the page's
   * script (a tap before the page hydrated is replayed once it has), and hidden where none runs.
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
  stepName,
  stepsSubmit = false,
}: QuantityStepperProps) {
  const of = itemName ? ` of ${itemName}` : '';
  // What is being typed, while it is not yet a quantity (an emptied field, say); the value otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Typed before the page hydrated: React keeps it in the field but has not heard of it, and the next
  // render (the cart's answer arriving) would put the old quantity back. Taken up as if typed now.
  useLayoutEffect(() => {
    const typed = field.current?.value ?? String(value);
    if (typed === String(value)) return;
    setDraft(typed);
    const next = wholeOfAtLeast(typed, 1);
    if (next !== null) onChange(next);
    // Once, as the field hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const step = (next: number) => ({
    type: stepsSubmit ? ('submit' as const) : ('button' as const),
    ...(stepsSubmit ? { name: stepName, value: String(next), form } : keepsEarlyTap),
    onClick: (event: React.MouseEvent) => {
      event.preventDefault();
      setDraft(null);
      onChange(next);
    },
  });
  // Enter in the field is the typed quantity, never the form's first button (−).
  const commitOnEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !stepsSubmit) return;
    event.preventDefault();
    const typed = wholeOfAtLeast(event.currentTarget.value, 0);
    setDraft(null);
    if (typed !== null && typed !== value) onChange(typed);
  };
  const stepper = (
    <Stepper role="group" aria-label={`Quantity${of}`}>
      <button aria-label={`Decrease quantity${of}`} disabled={value <= 1} {...step(Math.max(1, value - 1))}>
        −
      </button>
      <input
        ref={field}
        type="number"
        inputMode="numeric"
        // In the panel 0 is a quantity too: it takes the line out (the − alone stops at 1).
        min={stepsSubmit ? 0 : 1}
        step={1}
        name={name}
        form={form}
        aria-label={`Quantity${of}`}
        value={draft ?? String(value)}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = wholeOfAtLeast(event.target.value, 1);
          if (next !== null) onChange(next);
        }}
        onKeyDown={commitOnEnter}
        onBlur={() => setDraft(null)}
      />
      <button aria-label={`Increase quantity${of}`} {...step(value + 1)}>
        +
      </button>
    </Stepper>
  );
  if (!stepsSubmit) return stepper;
  return (
    <Sending>
      <Update type="submit" form={form} aria-label={`Update quantity${of}`}>
        Update
      </Update>
      {stepper}
    </Sending>
  );
}
