import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';
import styled from 'styled-components';

/**
 * Every form a shopper uses is a real form: it posts to the page it is on (its address, with
 * `_action` naming what to do), and the shell's server completes it when no script has taken it over
 * (JavaScript off, or not yet run). The server then answers with a redirect to the result, or with the
 * same page rendered with what was typed and the spec's message: a FormEcho.
 */
export const ACTION_FIELD = '_action';

/** The form actions the shell's server carries out, each with the fields it reads. */
export type FormActionName =
  | 'age'
  | 'cart-add'
  | 'buy-now'
  | 'cart-quantity'
  | 'cart-remove'
  | 'newsletter'
  | 'affiliate'
  | 'affiliate-remove'
  | 'order'
  | 'sign-in'
  | 'sign-up'
  | 'resend';

export interface FormMessage {
  title: string;
  description?: string;
  tone: 'error' | 'success' | 'info';
}

/** What the server tells a page it renders again after completing (or refusing) one of its forms. */
export interface FormEcho {
  action: FormActionName;
  /** What was typed, ticked or chosen, by field name, so nothing is lost. */
  values: Record<string, string>;
  /** The spec's message for what happened, shown beside the form. */
  message?: FormMessage;
  /** What else the page shows for it: 'subscribed', 'age-required'… */
  outcome?: string;
}

const FormEchoContext = createContext<FormEcho | null>(null);

/** The shell provides the echo its server rendered the page with (on the server, and while hydrating). */
export const FormEchoProvider = FormEchoContext.Provider;

/** The echo of this form's last submission, when the page was rendered with one. */
export function useFormEcho(action: FormActionName): FormEcho | null {
  const echo = useContext(FormEchoContext);
  return echo?.action === action ? echo : null;
}

/** The hidden field that names a form's action. */
export function ActionField({ name }: { name: FormActionName }) {
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
  background: ${({ $tone }) => ($tone === 'error' ? '#fef2f2' : $tone === 'success' ? '#ecfdf5' : '#eff6ff')};
  color: ${({ $tone, theme }) =>
    $tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : '#1e3a8a'};
  strong {
    display: block;
  }
  p {
    margin: 0.2rem 0 0;
  }
`;

/**
 * What happened to a form, said where the shopper is looking: the spec's message (a toast where a
 * script runs) beside the form the server showed again. An alert for a refusal, a status otherwise.
 */
export function FormNotice({ message }: { message: FormMessage }) {
  return (
    <Notice $tone={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
      <strong>{message.title}</strong>
      {message.description && <p>{message.description}</p>}
    </Notice>
  );
}
