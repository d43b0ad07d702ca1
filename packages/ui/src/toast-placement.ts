import { TOAST_PLACEMENTS, type ToastPlacement } from './toast';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The toast region's distance from the screen's edges (1rem). */
const EDGE_PX = 16;

type Box = { top: number; bottom: number; left: number; right: number };

/** Where the region, of its present size, would stand in a corner of the screen. */
function boxAt(placement: ToastPlacement, width: number, height: number): Box {
  const top = placement.startsWith('top') ? EDGE_PX : window.innerHeight - EDGE_PX - height;
  const left = placement.endsWith('left') ? EDGE_PX : window.innerWidth - EDGE_PX - width;
  return { top, bottom: top + height, left, right: left + width };
}

const overlaps = (a: Box, b: Box) =>
  a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;

/**
 * What a toast must never lie over: the control with focus, every field marked invalid (a toast that
 * names missing fields must leave them in sight), and the button or link that raised it.
 */
function guardedBoxes(action: Element | null): Box[] {
  const focused = document.activeElement;
  const guarded = [
    ...document.querySelectorAll('[aria-invalid="true"]'),
    ...(focused && focused !== document.body ? [focused] : []),
    ...(action?.isConnected ? [action] : []),
  ];
  return guarded.map((element) => element.getBoundingClientRect()).filter((box) => box.width && box.height);
}

/** The first corner (bottom right first) covering nothing guarded, else the one covering the least. */
function bestPlacement(region: HTMLElement, action: Element | null): ToastPlacement {
  const { width, height } = region.getBoundingClientRect();
  const guarded = guardedBoxes(action);
  const covered = (placement: ToastPlacement) =>
    guarded.filter((box) => overlaps(boxAt(placement, width, height), box)).length;
  return TOAST_PLACEMENTS.reduce((best, placement) =>
    covered(placement) < covered(best) ? placement : best,
  );
}

/** The button or link last pressed: the action a toast answers, which it must not hide. */
function useLastAction(): RefObject<Element | null> {
  const action = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: Event) => {
      action.current =
        event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null;
    };
    document.addEventListener('click', remember, { capture: true });
    return () => document.removeEventListener('click', remember, { capture: true });
  }, []);
  return action;
}

/**
 * Toasts stand in the bottom right corner unless they would cover a focused or invalid field or the
 * action that raised them; then in the first other corner that covers none (the most free one when
 * every corner covers something), moving again as focus, the marks, the scroll or the window change.
 */
export function useToastPlacement(region: RefObject<HTMLElement | null>, toastCount: number): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>(TOAST_PLACEMENTS[0]);
  const action = useLastAction();
  useLayoutEffect(() => {
    if (toastCount === 0) return;
    const place = () => {
      const element = region.current;
      setPlacement(element ? bestPlacement(element, action.current) : TOAST_PLACEMENTS[0]);
    };
    place();
    const marks = new MutationObserver(place);
    marks.observe(document.body, { subtree: true, attributeFilter: ['aria-invalid'] });
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      marks.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [region, action, toastCount]);
  return placement;
}
