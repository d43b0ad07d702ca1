import styled from 'styled-components';

export type Outcome = { tone: 'error' | 'success'; text: string };

const Message = styled.p<{ $tone: Outcome['tone'] }>`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $tone }) => ($tone === 'error' ? '#fef2f2' : '#ecfdf5')};
  color: ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : theme.colors.success)};
`;

/** The answer to what the visitor just did: an alert for errors, a status for success. */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <Message $tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : 'status'}>
      {outcome.text}
    </Message>
  );
}
