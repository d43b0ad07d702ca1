import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Reveal = styled.div<{ $visible: boolean; $delay: number }>`
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
`;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Animates a section in the first time it scrolls into view, after an optional delay (ms). */
export function ScrollReveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(
    () => typeof IntersectionObserver === 'undefined' || prefersReducedMotion(),
  );

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
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
