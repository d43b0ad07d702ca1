import { TOAST_PLACEMENTS, TOAST_TOP_PROPERTY, type ToastPlacement } from './toast';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The toast region's distance from the screen's edges (1rem). */
const EDGE_PX = 16;

type Box = { top: number; bottom: number; left: number; right: number };

/**
 * Where the top corners begin: below the site header while it is in sight (it stays at the top of the
 * screen as the page scrolls, with the cart and menu a shopper reaches for), else at the screen's edge.
 */
function topEdge(): number {
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  return Math.max(EDGE_PX, headerBottom + EDGE_PX / 2);
}

/** Where the region, of its present size, would stand in a corner of the screen. */
function boxAt(placement: ToastPlacement, width: number, height: number, topCorner: number): Box {
  const top = placement.startsWith('top') ? topCorner : window.innerHeight - EDGE_PX - height;
  const left = placement.endsWith('left') ? EDGE_PX : window.innerWidth - EDGE_PX - width;
  return { top, bottom: top + height, left, right: left + width };
}

/** What a shopper may press or type into next, besides the toasts' own controls. */
const CONTROLS =
  'button, a[href], input:not([type="hidden"]), select, textarea, [role="radio"], [role="tab"]';

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

/**
 * The other controls in sight (the vial sizes beside an Apply): a toast had better not lie over them
 * either, for the five seconds it stays, where a corner is free of them.
 */
function controlBoxes(region: HTMLElement): Box[] {
  return [...document.querySelectorAll(CONTROLS)]
    .filter((element) => !region.contains(element))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width && box.height);
}

/**
 * The first corner (bottom right first) covering nothing guarded and the fewest other controls; where
 * every corner covers something guarded, the one covering the least of it.
 */
function bestPlacement(region: HTMLElement, action: Element | null, top: number): ToastPlacement {
  const { width, height } = region.getBoundingClientRect();
  const guarded = guardedBoxes(action);
  const controls = controlBoxes(region);
  const count = (boxes: Box[], placement: ToastPlacement) =>
    boxes.filter((box) => overlaps(boxAt(placement, width, height, top), box)).length;
  // A guarded box outweighs every other control a corner could cover.
  const cost = (placement: ToastPlacement) =>
    count(guarded, placement) * (controls.length + 1) + count(controls, placement);
  return TOAST_PLACEMENTS.reduce((best, placement) => (cost(placement) < cost(best) ? placement : best));
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
 * Toasts stand in the bottom right corner, or a top one below the site header, unless they would cover a focused or invalid field or the
 * action that raised them, or another control a freer corner leaves in sight; then in the first other
 * corner that covers none (the most free one when every corner covers something), moving again as
 * focus, the marks, the scroll or the window change.
 */
export function useToastPlacement(region: RefObject<HTMLElement | null>, toastCount: number): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>(TOAST_PLACEMENTS[0]);
  const action = useLastAction();
  useLayoutEffect(() => {
    if (toastCount === 0) return;
    const place = () => {
      const element = region.current;
      if (!element) return setPlacement(TOAST_PLACEMENTS[0]);
      const top = topEdge();
      // The region's own style: ToastRegion reads it for the top corners.
      element.style.setProperty(TOAST_TOP_PROPERTY, `${top}px`);
      setPlacement(bestPlacement(element, action.current, top));
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
