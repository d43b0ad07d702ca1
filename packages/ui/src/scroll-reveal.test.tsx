import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { ScrollReveal } from './scroll-reveal';
import { theme } from './theme';

type ObserverCallback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe('ScrollReveal', () => {
  let callbacks: ObserverCallback[];
  const disconnect = jest.fn();

  beforeEach(() => {
    callbacks = [];
    disconnect.mockClear();
    // jsdom has no layout, so visibility is driven by hand through the browser API the helper uses.
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(cb: ObserverCallback) {
        callbacks.push(cb);
      }
      observe() {}
      disconnect = disconnect;
    };
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as typeof window.matchMedia;
  });

  const renderReveal = () =>
    render(
      <ThemeProvider theme={theme}>
        <ScrollReveal delay={200}>
          <p>Quality Assurance</p>
        </ScrollReveal>
      </ThemeProvider>,
    );

  it('stays hidden until the section becomes visible, then reveals once', () => {
    renderReveal();
    const wrapper = screen.getByText('Quality Assurance').parentElement!;
    expect(wrapper).toHaveAttribute('data-revealed', 'false');

    act(() => callbacks[0]!([{ isIntersecting: false }]));
    expect(wrapper).toHaveAttribute('data-revealed', 'false');

    act(() => callbacks[0]!([{ isIntersecting: true }]));
    expect(wrapper).toHaveAttribute('data-revealed', 'true');
    expect(disconnect).toHaveBeenCalled();
  });

  it('shows content at once when the visitor prefers reduced motion', () => {
    window.matchMedia = ((query: string) => ({ matches: true, media: query })) as typeof window.matchMedia;
    renderReveal();
    expect(screen.getByText('Quality Assurance').parentElement).toHaveAttribute('data-revealed', 'true');
    expect(callbacks).toHaveLength(0);
  });
});
