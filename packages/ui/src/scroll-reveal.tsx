import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Reveal = styled.div<{ $visible: boolean; $delay: number }>`
  /* Below the fold until scrolled to: the browser skips its style, layout and paint meanwhile, which on
     a slow phone is time every tap's frame would otherwise spend on it. */
  content-visibility: auto;
  contain-intrinsic-size: auto 640px;
  ${({ $visible, $delay }) => css`
    opacity: ${$visible ? 1 : 0};
    transform: translateY(${$visible ? 0 : 24}px);
    transition:
      opacity 600ms ease ${$delay}ms,
      transform 600ms ease ${$delay}ms;
  `}
  @media (prefers-reduced-motion: reduce) {
    opacity: 1;
    transform: none;
    transition: none;
  }
  /* Hidden only where a script will reveal it: HTML read without scripts shows everything. */
  html:not([data-scripted]) & {
    opacity: 1;
    transform: none;
  }
`;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Animates a section in the first time it scrolls into view, after an optional delay (ms). The server
 * and the hydrating browser render it hidden alike; the browser then watches it.
 */
export function ScrollReveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Reveal ref={ref} $visible={visible} $delay={delay} data-revealed={visible}>
      {children}
    </Reveal>
  );
}
