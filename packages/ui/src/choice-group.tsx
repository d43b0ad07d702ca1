import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface Choice {
  value: string;
  /** What the choice says (its accessible name, with `badge`). */
  content: ReactNode;
  /** A short mark beside it ("Popular", "Best value"). */
  badge?: ReactNode;
}

/** `buttons`: a row of small buttons (a product card); `tiles`: a grid of cards with room for a price. */
export type ChoiceLook = 'buttons' | 'tiles';

const looks = {
  buttons: css`
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    label {
      display: inline-flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      min-width: 72px;
      min-height: 44px;
      padding: 0.35rem 0.7rem;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.sm};
      color: ${({ theme }) => theme.colors.ink};
      font-weight: 600;
    }
    small {
      font-size: 0.7rem;
      font-weight: 700;
      color: ${({ theme }) => theme.colors.success};
    }
    label:has(input:checked) {
      border-color: ${({ theme }) => theme.colors.brand};
      background: ${({ theme }) => theme.colors.brand};
      color: ${({ theme }) => theme.colors.onDark};
      small {
        color: ${({ theme }) => theme.colors.accentOnDark};
      }
    }
    label:has(input:focus-visible) {
      outline: 3px solid ${({ theme }) => theme.colors.accentStrong};
      outline-offset: 2px;
    }
  `,
  tiles: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
    gap: 0.6rem;
    label {
      display: grid;
      gap: 0.2rem;
      min-height: 64px;
      padding: 0.6rem;
      border: 2px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
      text-align: center;
    }
    label:has(input:checked) {
      border-color: ${({ theme }) => theme.colors.accent};
      background: ${({ theme }) => theme.colors.accentSurface};
    }
    label:has(input:focus-visible) {
      outline: 3px solid ${({ theme }) => theme.colors.brand};
      outline-offset: 2px;
    }
    small {
      position: absolute;
      top: -0.6rem;
      right: 0.4rem;
      padding: 0 0.4rem;
      border-radius: ${({ theme }) => theme.radii.pill};
      background: ${({ theme }) => theme.colors.accent};
      color: ${({ theme }) => theme.colors.onDark};
      font-size: 0.7rem;
    }
  `,
};

const Group = styled.div<{ $look: ChoiceLook }>`
  label {
    position: relative;
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  /* The native radio covers its choice, unseen: a tap anywhere on it chooses, with or without a script. */
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  ${({ $look }) => looks[$look]}
`;

/**
 * One choice among a few, as native radios drawn as buttons or tiles: posted with their form as `name`
 * (or with the form `form` names), chosen with or without a script, one tab stop whose arrow keys move
 * the choice and wrap around, Home and End going to the ends. A choice made before the page hydrated
 * is kept (the radios are the state until then).
 */
export function ChoiceGroup({
  label,
  name,
  form,
  choices,
  selected,
  onSelect,
  look,
}: {
  label: string;
  name: string;
  form?: string;
  choices: readonly Choice[];
  selected: string;
  onSelect(value: string): void;
  look: ChoiceLook;
}) {
  return (
    <Group
      $look={look}
      role="radiogroup"
      aria-label={label}
      onKeyDown={(event) => {
        const end = { Home: 0, End: choices.length - 1 }[event.key];
        if (end === undefined) return;
        event.preventDefault();
        onSelect(choices[end]!.value);
        event.currentTarget.querySelectorAll('input')[end]?.focus();
      }}
    >
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={name}
            form={form}
            value={choice.value}
            checked={choice.value === selected}
            onChange={() => onSelect(choice.value)}
          />
          {choice.content}
          {choice.badge && <small>{choice.badge}</small>}
        </label>
      ))}
    </Group>
  );
}
