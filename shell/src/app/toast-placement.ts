import type { ToastPlacement } from '@storefront/ui';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The toast region's distance from the screen's edges (1rem). */
const EDGE_PX = 16;

/** Whether the region, in the bottom corner, would lie over the element that has focus. */
function wouldCoverFocus(region: HTMLElement): boolean {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return false;
  const { width, height } = region.getBoundingClientRect();
  const corner = {
    top: window.innerHeight - EDGE_PX - height,
    bottom: window.innerHeight - EDGE_PX,
    left: window.innerWidth - EDGE_PX - width,
    right: window.innerWidth - EDGE_PX,
  };
  const control = focused.getBoundingClientRect();
  return (
    control.bottom > corner.top &&
    control.top < corner.bottom &&
    control.right > corner.left &&
    control.left < corner.right
  );
}

/**
 * Toasts stand in the bottom corner unless they would cover the control that has focus (a field the
 * shopper is told to fill, on a phone), in which case they move to the top until focus moves away.
 */
export function useToastPlacement(region: RefObject<HTMLElement | null>, toastCount: number): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>('bottom');
  useLayoutEffect(() => {
    if (toastCount === 0) return;
    const place = () => {
      const element = region.current;
      setPlacement(element && wouldCoverFocus(element) ? 'top' : 'bottom');
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [region, toastCount]);
  return placement;
}
