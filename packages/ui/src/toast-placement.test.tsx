import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useToastPlacement } from './toast-placement';

// jsdom lays nothing out: each element's box is given here, in a 1000 × 800 window, as a browser would
// measure it. (Where real layout matters, the browser suites check toasts clear of what they guard.)
type Rect = { top: number; left: number; width: number; height: number };
function standAt(element: Element, { top, left, width, height }: Rect) {
  element.getBoundingClientRect = () =>
    ({ top, left, width, height, bottom: top + height, right: left + width, x: left, y: top }) as DOMRect;
}

/** A region of toasts (300 × 100) and what a page around it holds, reporting where the toasts stand. */
function Page({ toasts }: { toasts: number }) {
  const region = useRef<HTMLDivElement>(null);
  const placement = useToastPlacement(region, toasts);
  return (
    <>
      <div ref={region} data-testid="region" data-placement={placement} />
      <input aria-label="Email" />
      <input aria-label="Name" />
      <button type="button">Subscribe</button>
    </>
  );
}

const placement = () => screen.getByTestId('region').dataset.placement;

// The four corners of the 1000 × 800 window the region (300 × 100, 16 px in) may take.
const BOTTOM_RIGHT: Rect = { top: 700, left: 690, width: 100, height: 40 };
const TOP_RIGHT: Rect = { top: 30, left: 700, width: 200, height: 30 };
const BOTTOM_LEFT: Rect = { top: 720, left: 40, width: 200, height: 30 };
const TOP_LEFT: Rect = { top: 20, left: 20, width: 100, height: 30 };

function renderPage(toasts = 1) {
  Object.assign(window, { innerWidth: 1000, innerHeight: 800 });
  const view = render(<Page toasts={toasts} />);
  standAt(screen.getByTestId('region'), { top: 0, left: 0, width: 300, height: 100 });
  return view;
}

describe('where toasts stand', () => {
  it('in the bottom right corner when nothing there is guarded', () => {
    renderPage();
    act(() => fireEvent.focusIn(document));
    expect(placement()).toBe('bottom right');
  });

  it('away from the focused field, an invalid field and the action that raised them, corner by corner', async () => {
    renderPage();
    const email = screen.getByLabelText('Email');
    standAt(email, BOTTOM_RIGHT);
    act(() => email.focus());
    expect(placement()).toBe('top right');

    const name = screen.getByLabelText('Name');
    standAt(name, TOP_RIGHT);
    await act(async () => name.setAttribute('aria-invalid', 'true'));
    expect(placement()).toBe('bottom left');

    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    standAt(subscribe, BOTTOM_LEFT);
    act(() => subscribe.click());
    act(() => void fireEvent.scroll(window));
    expect(placement()).toBe('top left');
  });

  it('where they cover the least when every corner covers something, and back when the page frees up', async () => {
    renderPage();
    const [email, name] = [screen.getByLabelText('Email'), screen.getByLabelText('Name')];
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    const marked = document.body.appendChild(document.createElement('div'));
    const alsoMarked = document.body.appendChild(document.createElement('div'));
    standAt(email, BOTTOM_RIGHT);
    standAt(name, { ...BOTTOM_RIGHT, left: 720 });
    standAt(marked, TOP_RIGHT);
    standAt(subscribe, BOTTOM_LEFT);
    standAt(alsoMarked, TOP_LEFT);
    act(() => subscribe.click());
    await act(async () => {
      for (const field of [name, marked, alsoMarked]) field.setAttribute('aria-invalid', 'true');
      email.focus();
    });
    // Bottom right would cover two; each other corner one: the first of those in order.
    expect(placement()).toBe('top right');

    await act(async () => {
      email.blur();
      for (const field of [name, marked, alsoMarked]) field.removeAttribute('aria-invalid');
      // The page scrolled: its fields and button are out of the corners.
      for (const [index, control] of [email, name, subscribe].entries())
        standAt(control, { top: 300 + index * 50, left: 400, width: 100, height: 30 });
      fireEvent(window, new Event('resize'));
    });
    expect(placement()).toBe('bottom right');
    marked.remove();
    alsoMarked.remove();
  });

  it('leave the other controls in sight where a corner is free of them: the vial sizes beside an Apply', () => {
    renderPage();
    const [email, name] = [screen.getByLabelText('Email'), screen.getByLabelText('Name')];
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    // Nothing focused or marked: only controls, under the bottom right and top right corners.
    standAt(email, BOTTOM_RIGHT);
    standAt(name, TOP_RIGHT);
    standAt(subscribe, { top: 500, left: 400, width: 100, height: 30 });
    act(() => void fireEvent.scroll(window));
    expect(placement()).toBe('bottom left');
  });

  it('stand below the site header in a top corner, never over its cart and menu', () => {
    renderPage();
    const header = document.body.appendChild(document.createElement('header'));
    standAt(header, { top: 0, left: 0, width: 1000, height: 100 });
    const email = screen.getByLabelText('Email');
    standAt(email, BOTTOM_RIGHT);
    act(() => email.focus());
    expect(placement()).toBe('top right');
    expect(screen.getByTestId('region').style.getPropertyValue('--toast-top')).toBe('108px');
    // Scrolled out of sight, it leaves the corner to the screen's edge.
    standAt(header, { top: -100, left: 0, width: 1000, height: 100 });
    act(() => void fireEvent.scroll(window));
    expect(screen.getByTestId('region').style.getPropertyValue('--toast-top')).toBe('16px');
    header.remove();
  });

  it('cover two other controls rather than one field the shopper is in', () => {
    renderPage();
    const email = screen.getByLabelText('Email');
    standAt(email, BOTTOM_RIGHT);
    // Two buttons under each other corner.
    const buttons = [TOP_RIGHT, BOTTOM_LEFT, TOP_LEFT].flatMap((corner) =>
      [0, 40].map((shift) => {
        const button = document.body.appendChild(document.createElement('button'));
        standAt(button, { ...corner, top: corner.top + (corner === BOTTOM_LEFT ? -shift : shift) });
        return button;
      }),
    );
    act(() => email.focus());
    expect(placement()).toBe('top right');
    for (const button of buttons) button.remove();
  });

  it('are not placed at all while there are none', () => {
    renderPage(0);
    const email = screen.getByLabelText('Email');
    standAt(email, BOTTOM_RIGHT);
    act(() => email.focus());
    expect(placement()).toBe('bottom right');
  });
});
