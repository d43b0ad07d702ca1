import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /*
   * Whatever is scrolled to or focused stops below the sticky header, which sets its height here once a
   * script runs; until then (and where none runs) its usual height, about 7rem on a phone and a desktop.
   */
  html {
    scroll-behavior: smooth;
    scroll-padding-top: calc(var(--sticky-header-height, 7rem) + 0.5rem);
  }
  @media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } }
  /*
   * While a modal is open (the cart panel, a purchase's age question) or the home page's age gate stands
   * unanswered, the page behind it holds still: a swipe on the dimmed page scrolls nothing. CSS alone, so
   * a panel the server rendered open holds the page still before any script (and where none runs).
   */
  html:has([data-modal]),
  html:not([data-age-verified]):has([data-age-gate]) {
    overflow: hidden;
  }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${({ theme }) => theme.colors.brand}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  img, svg { max-width: 100%; display: block; }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; }
`;
