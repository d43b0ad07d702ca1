import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Label = styled.label`
  display: grid;
  gap: 0.35rem;
  font-weight: 600;
  font-size: 0.9rem;
`;

export const Input = styled.input`
  min-height: 44px;
  padding: 0.55rem 0.8rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font: inherit;
  font-weight: 400;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  &:focus {
    border-color: ${({ theme }) => theme.colors.brand};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
}

/** A labelled input: the label names the control for assistive technology. */
export function TextField({ label, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Label htmlFor={inputId} className={className}>
      {label}
      <Input id={inputId} {...inputProps} />
    </Label>
  );
}
