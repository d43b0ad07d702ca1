import { bus, type ToastMessage } from '@storefront/bus';
import { Toast, ToastRegion } from '@storefront/ui';
import { useEffect, useState } from 'react';

const TOAST_LIFETIME_MS = 5000;
let nextId = 0;

/** Shows every 'toast/show' event from any module; each fades after five seconds or on dismiss. */
export function Toaster() {
  const [toasts, setToasts] = useState<Array<ToastMessage & { id: number }>>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const subscription = bus.on('toast/show').subscribe((toast) => {
      const id = ++nextId;
      setToasts((current) => [...current.slice(-3), { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((t) => t.id !== id));
      }, TOAST_LIFETIME_MS);
      timers.add(timer);
    });
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  return (
    <ToastRegion aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          title={toast.title}
          description={toast.description}
          variant={toast.variant}
          onDismiss={() => setToasts((current) => current.filter((t) => t.id !== toast.id))}
        />
      ))}
    </ToastRegion>
  );
}
