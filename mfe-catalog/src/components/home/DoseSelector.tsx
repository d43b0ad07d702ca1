import type { HomeProduct } from '@storefront/commerce';
import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Choice = styled.button`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  min-width: 72px;
  min-height: 44px;
  padding: 0.35rem 0.7rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  small {
    font-size: 0.7rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.success};
  }
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
    small {
      color: #a7f3d0;
    }
  }
`;

const STEP_BY_KEY: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The vial sizes of one product, as a single-choice group that behaves like one: a single tab stop (the
 * chosen size), arrow keys move the choice and wrap around, Home and End go to the ends.
 */
export function DoseSelector({
  product,
  selected,
  onSelect,
}: {
  product: HomeProduct;
  selected: string;
  onSelect(dose: string): void;
}) {
  const group = useRef<HTMLDivElement>(null);
  const doses = product.doses.map((option) => option.dose);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = doses.indexOf(selected);
    const step = STEP_BY_KEY[event.key];
    let next: number;
    if (step !== undefined) next = (current + step + doses.length) % doses.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = doses.length - 1;
    else return;
    event.preventDefault();
    onSelect(doses[next]!);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <Group ref={group} role="radiogroup" aria-label={`${product.name} vial size`} onKeyDown={onKeyDown}>
      {product.doses.map((option) => {
        const checked = option.dose === selected;
        return (
          <Choice
            key={option.dose}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onSelect(option.dose)}
          >
            {option.dose}
            {option.label && <small>{option.label}</small>}
          </Choice>
        );
      })}
    </Group>
  );
}
