import { useLocation } from '@storefront/routing';
import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: contents;
`;

/**
 * A product card's purchase form: what the card offers (a product, from its price list), posted to the
 * page it is on. The page's script carries it out on the bus; where none runs, the shell's server does.
 */
export function CardForm({
  fields,
  form,
  children,
}: {
  fields: Record<string, string>;
  form?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <Form
      ref={form}
      method="post"
      action={`${pathname}${search}`}
      onSubmit={(event) => event.preventDefault()}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
