import { failureWords } from '@storefront/commerce/api-client';
import { bus, stores, useStore } from '@storefront/bus';
import { useNavigate } from '@storefront/routing';
import { ActionField, Button, FormNotice, useFormEcho, type FormMessage } from '@storefront/ui';
import { useState, type FormEvent } from 'react';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { ACTIONS } from '../actions';
import { accountOrdersApi } from './account-orders-api';
import { reorderMessage } from './reorder-outcome';

/**
 * Once the cart store holds lines (the cart's binding has read the cart again): the cart checkout sends
 * a shopper with an empty cart home, so it must not open before the lines it is opened for.
 */
const cartHolding = () =>
  firstValueFrom(
    stores.cart.state$.pipe(
      filter((cart) => cart.items.length > 0),
      timeout({ first: 10_000 }),
    ),
  );

const TOAST_VARIANTS = { error: 'destructive', success: 'success', info: 'default' } as const;

/**
 * 'Order again': the order's lines into the cart at today's prices, then the cart checkout, told what
 * changed since. A form the module's `reorder` action completes where no script runs; with the
 * session's script, sent by it.
 */
export function OrderAgain({ orderNumber }: { orderNumber: string }) {
  const accessToken = useStore(stores.auth).accessToken ?? null;
  const echo = useFormEcho(ACTIONS.reorder);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormMessage | null>(echo?.message ?? null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!accessToken) return;
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    accountOrdersApi.reorder(accessToken, orderNumber).then(
      (answer) => {
        const message = reorderMessage(answer);
        bus.publish('cart/refresh');
        bus.publish('toast/show', {
          title: message.title,
          description: message.description,
          variant: TOAST_VARIANTS[message.tone],
        });
        // Should the cart not be read again in time, the page is loaded whole: the server reads the cart.
        if (answer.added > 0)
          cartHolding().then(
            () => navigate('/cart-checkout'),
            () => window.location.assign('/cart-checkout'),
          );
        else setBusy(false);
      },
      (error: unknown) => {
        setBusy(false);
        setProblem({
          title: 'Not added',
          description: failureWords(error),
          tone: 'error',
        });
      },
    );
  };

  return (
    <form method="post" action={`/account/orders/${orderNumber}`} onSubmit={submit}>
      <ActionField name={ACTIONS.reorder} />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding...' : 'Order again'}
      </Button>
      {problem && <FormNotice message={problem} />}
    </form>
  );
}
