import { bus, type ToastMessage } from '@storefront/bus';
import { PanelToastRegion, Toast, ToastRegion } from '@storefront/ui';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterNextPaint } from './after-paint';
import { useToastPlacement } from './toast-placement';

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

/**
 * Shows every 'toast/show' event from any module; each fades after five seconds or on dismiss. One
 * toast per message: the same message again (a form sent twice with the same field missing) keeps the
 * one shown and restarts its five seconds. While a panel is open, toasts stand inside it (`panelSlot`)
 * rather than over its actions.
 */
export function Toaster({ panelSlot = null }: { panelSlot?: HTMLElement | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
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
      setToasts((current) =>
        current.some((shown) => shown.message === message)
          ? current
          : [...current.slice(1 - MAX_TOASTS), { ...toast, id: ++nextId, message }],
      );
    };
    // A toast follows the paint of what raised it (a button's 'Added!'), never holds it back.
    const subscription = bus.on('toast/show').subscribe((toast) => afterNextPaint(() => show(toast)));
    earlyToasts?.unsubscribe();
    publishedEarly?.forEach(show);
    publishedEarly = null;
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  const shown = toasts.map((toast) => (
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
      {shown}
    </ToastRegion>
  );
}
