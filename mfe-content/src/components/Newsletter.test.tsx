import { ApiError } from '@storefront/commerce/api-client';
import { bus, type ToastMessage } from '@storefront/bus';
import { theme } from '@storefront/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { ContentApi } from '../api';
import { Newsletter } from './Newsletter';

function setup(subscribe: ContentApi['subscribe']) {
  const toasts: ToastMessage[] = [];
  const subscription = bus.on('toast/show').subscribe((t) => toasts.push(t));
  const api: ContentApi = { subscribe, policy: jest.fn() };
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <Newsletter api={api} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { toasts, done: () => subscription.unsubscribe() };
}

async function fill(name: string, email: string) {
  if (name) await userEvent.type(screen.getByLabelText('Name'), name);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('Newsletter', () => {
  it('asks for both fields without calling the service', async () => {
    const subscribe = jest.fn();
    const { toasts, done } = setup(subscribe);
    await fill('Ada', '');
    expect(subscribe).not.toHaveBeenCalled();
    expect(toasts).toEqual([
      {
        title: 'Required fields missing',
        description: 'Please fill in your email and name.',
        variant: 'destructive',
      },
    ]);
    done();
  });

  it('shows "Subscribing..." while waiting, ignores a second click, then replaces the form with a success card', async () => {
    let resolve!: () => void;
    const subscribe = jest.fn(
      () => new Promise<{ status: 'subscribed' }>((r) => (resolve = () => r({ status: 'subscribed' }))),
    );
    const { toasts, done } = setup(subscribe);
    await fill('Ada', 'ada@lab.example');

    const button = screen.getByRole('button', { name: 'Subscribing...' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@lab.example' });

    resolve();
    expect(await screen.findByText("You're subscribed!")).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(toasts).toEqual([
      {
        title: 'Successfully subscribed!',
        description: 'Thank you for joining our research community.',
        variant: 'success',
      },
    ]);
    done();
  });

  it('says "Already subscribed" for a duplicate and keeps the form', async () => {
    const { toasts, done } = setup(
      jest.fn().mockRejectedValue(new ApiError(409, { title: 'Already subscribed', status: 409 })),
    );
    await fill('Ada', 'ada@lab.example');
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(toasts).toEqual([
      {
        title: 'Already subscribed',
        description: 'This email is already subscribed to our newsletter.',
        variant: 'default',
      },
    ]);
    done();
  });

  it.each([
    ['the service fails', new ApiError(500, null)],
    ['the service is unreachable', new ApiError(0, null)],
  ])('says "Subscription failed" when %s', async (_case, error) => {
    const { toasts, done } = setup(jest.fn().mockRejectedValue(error));
    await fill('Ada', 'ada@lab.example');
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(toasts).toEqual([
      {
        title: 'Subscription failed',
        description: 'There was an error subscribing you to our newsletter. Please try again.',
        variant: 'destructive',
      },
    ]);
    done();
  });
});
