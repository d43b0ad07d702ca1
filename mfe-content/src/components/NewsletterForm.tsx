import { ActionField, Button, media, Spinner, TextField, type FormEcho } from '@storefront/ui';
import { useLocation } from '@storefront/routing';
import type { FormEvent } from 'react';
import { NEWSLETTER_ACTION } from '../actions';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 0.75rem;
  align-items: end;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

export interface NewsletterFormProps {
  submitting: boolean;
  /** The form's fields, read as one sign-up (newsletter-messages.ts). */
  onSubmit(fields: FormData): void;
  /** What was sent last, when the server showed the form again (no scripts). */
  echo: FormEcho | null;
}

/**
 * Name and email, both required. Neither input is marked `required` so that a missing field reaches
 * the spec's message instead of the browser's own bubble; the email input keeps its type check. A form
 * this module's server action completes where no script runs. The inputs are the browser's own (uncontrolled,
 * read on submit): what was typed before the page hydrated is never reset by hydration.
 */
export function NewsletterForm({ submitting, onSubmit, echo }: NewsletterFormProps) {
  const { pathname, search } = useLocation();

  // Read from the fields: a submit that landed before the page hydrated is replayed before state catches up.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };

  return (
    <Form
      method="post"
      action={`${pathname}${search}#newsletter`}
      onSubmit={submit}
      aria-label="Newsletter sign-up"
    >
      <ActionField name={NEWSLETTER_ACTION} />
      <TextField label="Name" name="name" autoComplete="name" defaultValue={echo?.values.name ?? ''} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={echo?.values.email ?? ''}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? (
          <>
            <Spinner /> Subscribing...
          </>
        ) : (
          'Subscribe'
        )}
      </Button>
    </Form>
  );
}
