import styled from 'styled-components';

const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  button {
    width: 44px;
    height: 44px;
    border: 0;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font: inherit;
    font-size: 1.2rem;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
  output {
    min-width: 3rem;
    text-align: center;
    font-weight: 700;
  }
`;

/** Quantity of at least 1 and no upper limit; `itemName` tells several steppers on one page apart. */
export function QuantityStepper({
  value,
  onChange,
  itemName,
}: {
  value: number;
  onChange(next: number): void;
  itemName?: string;
}) {
  const of = itemName ? ` of ${itemName}` : '';
  return (
    <Stepper role="group" aria-label={`Quantity${of}`}>
      <button
        type="button"
        aria-label={`Decrease quantity${of}`}
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        −
      </button>
      <output aria-live="polite" aria-label={`Quantity${of}`}>
        {value}
      </output>
      <button type="button" aria-label={`Increase quantity${of}`} onClick={() => onChange(value + 1)}>
        +
      </button>
    </Stepper>
  );
}
