import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';
import styled from 'styled-components';
import { ACTION_FIELD, type FormEcho, type FormMessage } from '@storefront/routing/server-module';

export { ACTION_FIELD, type FormEcho, type FormMessage };

const FormEchoContext = createContext<FormEcho | null>(null);

/** The shell provides the echo its server rendered the page with (on the server, and while hydrating). */
export const FormEchoProvider = FormEchoContext.Provider;

/** The echo of this form's last submission, when the page was rendered with one. */
export function useFormEcho(action: string): FormEcho | null {
  const echo = useContext(FormEchoContext);
  return echo?.action === action ? echo : null;
}

/** The hidden field that names a form's action. */
export function ActionField({ name }: { name: string }) {
  return <input type="hidden" name={ACTION_FIELD} value={name} />;
}

/**
 * Once its form has hydrated, tells the component what the shopper typed, ticked or chose before it
 * did (the page was usable as plain HTML meanwhile): the component's state starts from the form, and
 * hydration never resets a field. Fields placed outside the form element with a `form` attribute are
 * read too.
 */
export function useFormSeed(form: RefObject<HTMLFormElement | null>, seed: (fields: FormData) => void) {
  useLayoutEffect(() => {
    if (form.current) seed(new FormData(form.current));
    // Once, as the form hydrates: later changes reach the component through its handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

const Notice = styled.div<{ $tone: FormMessage['tone'] }>`
  margin: 0 0 1rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $tone, theme }) =>
    $tone === 'error'
      ? theme.colors.errorSurface
      : $tone === 'success'
        ? theme.colors.successSurface
        : theme.colors.infoSurface};
  color: ${({ $tone, theme }) =>
    $tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.info};
  strong {
    display: block;
  }
  p {
    margin: 0.2rem 0 0;
  }
  /* Focused only to be read first (see FormNotice): no control, so no ring. */
  &:focus {
    outline: none;
  }
`;

/**
 * What happened to a form, said where the shopper is looking: the spec's message (a toast where a
 * script runs) beside the form the server showed again. An alert for a refusal, a status otherwise. A
 * refusal takes the focus as the page opens (autofocus, so without any script too): the view goes to
 * it, however far down the page the form is, and a screen reader reads it first.
 */
export function FormNotice({ message }: { message: FormMessage }) {
  const refused = message.tone === 'error';
  return (
    <Notice
      $tone={message.tone}
      role={refused ? 'alert' : 'status'}
      {...(refused ? { tabIndex: -1, autoFocus: true } : {})}
    >
      <strong>{message.title}</strong>
      {message.description && <p>{message.description}</p>}
    </Notice>
  );
}
