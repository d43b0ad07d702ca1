import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { keepsEarlyTap, keepsEarlyTapOf } from './early-tap';

/** The page as the server sent it, with taps kept by the early script before anything hydrated. */
function serverPage(markup: string) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

describe('keepsEarlyTap', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete (window as { __storefrontReplay?: unknown }).__storefrontReplay;
  });

  it('carries out, once, a tap made before the control hydrated; a control nobody tapped stays as it is', async () => {
    const page = (onTryAgain: () => void, onBack: () => void) => (
      <div>
        <button type="button" {...keepsEarlyTap} onClick={onTryAgain}>
          Try Again
        </button>
        <button type="button" {...keepsEarlyTap} onClick={onBack}>
          Back
        </button>
      </div>
    );
    const container = serverPage(renderToString(page(jest.fn(), jest.fn())));
    const [tapped] = container.querySelectorAll('button');
    (window as { __storefrontReplay?: HTMLElement[] }).__storefrontReplay = [tapped!];

    const tryAgain = jest.fn();
    const back = jest.fn();
    await act(async () => {
      hydrateRoot(container, page(tryAgain, back));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

    expect(tryAgain).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();
    expect((window as { __storefrontReplay?: HTMLElement[] }).__storefrontReplay).toEqual([]);
  });

  it('carries a named tap over to the control drawn in its place as the page settled', async () => {
    const tapped = serverPage(
      renderToString(
        <button type="button" {...keepsEarlyTapOf('account-menu')}>
          Account
        </button>,
      ),
    ).querySelector('button')!;
    (window as { __storefrontReplay?: HTMLElement[] }).__storefrontReplay = [tapped];
    tapped.remove();

    const opened = jest.fn();
    const unnamed = jest.fn();
    render(
      <>
        <button type="button" {...keepsEarlyTap} onClick={unnamed}>
          Other
        </button>
        <button type="button" {...keepsEarlyTapOf('account-menu')} onClick={opened}>
          Account
        </button>
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(unnamed).not.toHaveBeenCalled();
  });
});
