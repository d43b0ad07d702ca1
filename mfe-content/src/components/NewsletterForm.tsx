import { Button, Spinner, TextField } from '@storefront/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 0.75rem;
  align-items: end;
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

export interface NewsletterFormProps {
  submitting: boolean;
  onSubmit(fields: { name: string; email: string }): void;
}

/**
 * Name and email, both required. Neither input is marked `required` so that a missing field reaches
 * the spec's toast instead of the browser's own bubble; the email input keeps its type check.
 */
export function NewsletterForm({ submitting, onSubmit }: NewsletterFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, email });
  };

  return (
    <Form onSubmit={submit} aria-label="Newsletter sign-up">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
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
