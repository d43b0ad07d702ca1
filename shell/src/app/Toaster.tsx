import { bus, stores, useStore, type ToastMessage } from '@storefront/bus';
import { mediaQueries, PanelToastRegion, Toast, ToastRegion, useToastPlacement } from '@storefront/ui';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterNextPaint } from './after-paint';

const TOAST_LIFETIME_MS = 5000;
const MAX_TOASTS = 4;
let nextId = 0;

type ShownToast = ToastMessage & { id: number; message: string };

/**
 * Toasts published before the Toaster first mounts (while a server-rendered page hydrates, a saved
 * affiliate code can be found withdrawn): kept from the moment the page's script runs, shown on mount.
 */
let publishedEarly: ToastMessage[] | null = [];
const earlyToasts =
  typeof window === 'undefined'
    ? null
    : bus.on('toast/show').subscribe((toast) => publishedEarly?.push(toast));

const messageOf = (toast: ToastMessage) => [toast.variant, toast.title, toast.description ?? ''].join('\n');

const shownAs = (toast: ToastMessage): ShownToast => ({ ...toast, id: ++nextId, message: messageOf(toast) });

/**
 * Shows every 'toast/show' event from any module; each fades after five seconds or on dismiss. One
 * toast per message: the same message again (a form sent twice with the same field missing) keeps the
 * one shown and restarts its five seconds; a toast with a topic replaces the one shown on it. On a
 * phone, and inside an open panel, only the newest is shown. While a panel is open, toasts stand inside it (`panelSlot`)
 * rather than over its actions. `first` is the toast a form the server completed left for this page:
 * in the page from the server on (inside the cart panel when it is open there: CartPanelHost shows it
 * until the page has hydrated), then timed like any other.
 */
export function Toaster({
  panelSlot = null,
  first = null,
}: {
  panelSlot?: HTMLElement | null;
  first?: ToastMessage | null;
}) {
  const [toasts, setToasts] = useState<ShownToast[]>(() => (first ? [shownAs(first)] : []));
  const panelOpen = useStore(stores.cartPanelOpen);
  const region = useRef<HTMLDivElement>(null);
  const placement = useToastPlacement(region, panelSlot ? 0 : toasts.length);

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const show = (toast: ToastMessage) => {
      const message = messageOf(toast);
      clearTimeout(timers.get(message));
      timers.set(
        message,
        setTimeout(() => {
          timers.delete(message);
          setToasts((current) => current.filter((shown) => shown.message !== message));
        }, TOAST_LIFETIME_MS),
      );
      setToasts((current) => {
        if (current.some((shown) => shown.message === message)) return current;
        const kept = toast.topic ? current.filter((shown) => shown.topic !== toast.topic) : current;
        return [...kept.slice(1 - MAX_TOASTS), { ...toast, id: ++nextId, message }];
      });
    };
    // A toast follows the paint of what raised it (a button's 'Added!'), never holds it back.
    const subscription = bus.on('toast/show').subscribe((toast) => afterNextPaint(() => show(toast)));
    earlyToasts?.unsubscribe();
    if (first) show(first);
    publishedEarly?.forEach(show);
    publishedEarly = null;
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
    // Once: `first` is the page's, as it arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // On a phone's width, or inside the open panel, only the newest toast is shown: more would cover the page.
  const newestOnly =
    panelSlot !== null || (typeof window !== 'undefined' && window.matchMedia?.(mediaQueries.mobile).matches);
  const shown = toasts
    .slice(newestOnly ? -1 : 0)
    .map((toast) => (
      <Toast
        key={toast.id}
        title={toast.title}
        description={toast.description}
        variant={toast.variant}
        onDismiss={() => setToasts((current) => current.filter((t) => t.id !== toast.id))}
      />
    ));
  if (panelSlot) {
    return createPortal(
      <PanelToastRegion aria-live="polite" aria-label="Notifications">
        {shown}
      </PanelToastRegion>,
      panelSlot,
    );
  }
  return (
    <ToastRegion ref={region} $placement={placement} aria-live="polite" aria-label="Notifications">
      {/* Until the panel's place for toasts exists, the panel itself shows the page's first toast. */}
      {panelOpen ? null : shown}
    </ToastRegion>
  );
}
