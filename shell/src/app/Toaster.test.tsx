import { bus } from '@storefront/bus';
import { mediaQueries } from '@storefront/ui';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell } from './test-utils';
import { Toaster } from './Toaster';

/** A frame, and the turn after it: when a toast follows the paint of what raised it. */
const FRAME_MS = 20;

describe('Toaster', () => {
  it('shows toasts published by any module and lets them be dismissed', async () => {
    renderInShell(<Toaster />);
    act(() => {
      bus.publish('toast/show', {
        title: 'Added to Cart',
        description: 'BPC-157 - 10mg has been added to your cart.',
      });
      bus.publish('toast/show', { title: 'Required fields missing', variant: 'destructive' });
    });
    // Shown once the frame of what raised them has been painted.
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Cart');
    expect(screen.getByRole('alert')).toHaveTextContent('Required fields missing');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
  });

  it('shows one toast per message: the same message again restarts its five seconds', () => {
    jest.useFakeTimers();
    renderInShell(<Toaster />);
    const missing = { title: 'Missing Information', description: 'Please fill in all required fields.' };
    const publish = () => {
      act(() => void bus.publish('toast/show', { ...missing, variant: 'destructive' }));
      act(() => jest.advanceTimersByTime(FRAME_MS));
    };
    publish();
    act(() => jest.advanceTimersByTime(4000));
    publish();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toHaveTextContent('Missing Information');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('removes a toast after five seconds', () => {
    jest.useFakeTimers();
    renderInShell(<Toaster />);
    act(() => void bus.publish('toast/show', { title: 'Subscribed' }));
    act(() => jest.advanceTimersByTime(FRAME_MS));
    expect(screen.getByText('Subscribed')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Subscribed')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('replaces a toast with a newer one on the same topic, and keeps the others', async () => {
    renderInShell(<Toaster />);
    act(() => {
      bus.publish('toast/show', { title: 'Added to Cart' });
      bus.publish('toast/show', { title: 'Invalid Code', variant: 'destructive', topic: 'affiliate-code' });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Code');
    act(() => void bus.publish('toast/show', { title: 'Affiliate Code Applied', topic: 'affiliate-code' }));
    expect(await screen.findByText('Affiliate Code Applied')).toBeInTheDocument();
    expect(screen.queryByText('Invalid Code')).not.toBeInTheDocument();
    expect(screen.getByText('Added to Cart')).toBeInTheDocument();
  });

  it("shows only the newest toast on a phone's width", async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query) => ({ matches: query === mediaQueries.mobile }) as MediaQueryList;
    try {
      renderInShell(<Toaster />);
      act(() => {
        bus.publish('toast/show', { title: 'Added to Cart', description: 'GHK-Cu - 50mg' });
        bus.publish('toast/show', { title: 'Added to Cart', description: 'SEMAX - 10mg' });
      });
      expect(await screen.findByText('SEMAX - 10mg')).toBeInTheDocument();
      expect(screen.queryByText('GHK-Cu - 50mg')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = wide;
    }
  });
});
