import { createEventBus } from './bus';
import { createStore } from './store';
import { cartItemCount } from './state';

function recordingLogger() {
  const errors: string[] = [];
  return { errors, error: (message: string) => errors.push(message) };
}

describe('event bus', () => {
  it('delivers a valid event to subscribers of its type only, with defaults filled in', () => {
    const bus = createEventBus(recordingLogger());
    const toasts: unknown[] = [];
    const opened: unknown[] = [];
    bus.on('toast/show').subscribe((t) => toasts.push(t));
    bus.on('cart/open').subscribe((e) => opened.push(e));

    expect(bus.publish('toast/show', { title: 'Added to Cart' })).toBe(true);

    expect(toasts).toEqual([{ title: 'Added to Cart', variant: 'default' }]);
    expect(opened).toEqual([]);
  });

  it('rejects and logs a malformed payload without reaching subscribers', () => {
    const logger = recordingLogger();
    const bus = createEventBus(logger);
    const additions: unknown[] = [];
    bus.on('cart/add').subscribe((a) => additions.push(a));

    const accepted = bus.publish('cart/add', {
      productId: 'bpc-157',
      name: 'BPC-157',
      variant: '10mg',
      image: '',
      price: -5,
      quantity: 1,
      channel: 'storefront',
    });

    expect(accepted).toBe(false);
    expect(additions).toEqual([]);
    expect(logger.errors).toEqual(['Rejected malformed "cart/add" bus event']);
  });

  it('rejects an unknown event type', () => {
    const logger = recordingLogger();
    const bus = createEventBus(logger);
    // @ts-expect-error: an event outside the contract, as an out-of-date remote might send
    expect(bus.publish('cart/explode', {})).toBe(false);
    expect(logger.errors[0]).toMatch(/unknown type "cart\/explode"/);
  });

  it('keeps delivering to other subscribers when one throws', () => {
    const bus = createEventBus(recordingLogger());
    const received: string[] = [];
    bus.on('toast/show').subscribe(() => {
      throw new Error('subscriber bug');
    });
    bus.on('toast/show').subscribe((t) => received.push(t.title));
    jest.useFakeTimers();
    bus.publish('toast/show', { title: 'one' });
    bus.publish('toast/show', { title: 'two' });
    expect(received).toEqual(['one', 'two']);
    expect(() => jest.runAllTimers()).toThrow('subscriber bug');
    jest.useRealTimers();
  });
});

describe('store', () => {
  it('gives the current value and emits changes once each', () => {
    const store = createStore(0);
    const seen: number[] = [];
    store.state$.subscribe((v) => seen.push(v));
    store.set(1);
    store.set(1);
    store.update((v) => v + 2);
    expect(store.get()).toBe(3);
    expect(seen).toEqual([0, 1, 3]);
  });
});

describe('cartItemCount', () => {
  it('is the sum of quantities', () => {
    const item = {
      id: 'a-1mg',
      productId: 'a',
      name: 'A',
      variant: '1mg',
      image: '',
      price: 1,
      channel: 'storefront' as const,
    };
    expect(cartItemCount({ items: [] })).toBe(0);
    expect(
      cartItemCount({
        items: [
          { ...item, quantity: 2 },
          { ...item, id: 'b', quantity: 3 },
        ],
      }),
    ).toBe(5);
  });
});
