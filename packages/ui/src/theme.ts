/** The storefront's look: a clinical navy and teal palette on white, system fonts only (no CDN). */
export const theme = {
  colors: {
    ink: '#0f1b2d',
    inkMuted: '#4a5668',
    surface: '#ffffff',
    surfaceAlt: '#f3f6f9',
    border: '#d9e1ea',
    brand: '#0b3d61',
    brandStrong: '#072a44',
    accent: '#0e9f8e',
    accentStrong: '#0a7d70',
    success: '#15803d',
    danger: '#b42318',
    warning: '#b45309',
    focus: '#2563eb',
    overlay: 'rgba(6, 16, 30, 0.72)',
    /** Text and marks on a dark ground (the brand, the footer, a toast, a chosen option). */
    onDark: '#ffffff',
    /** A price or tick on a chosen (dark) option. */
    accentOnDark: '#a7f3d0',
    /** The grounds of a notice or panel, each with the ink it is read in. */
    accentSurface: '#f0fdfa',
    successSurface: '#ecfdf5',
    errorSurface: '#fef2f2',
    infoSurface: '#eff6ff',
    info: '#1e3a8a',
    warningSurface: '#fff7ed',
    warningInk: '#7c2d12',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(15, 27, 45, 0.06), 0 4px 16px rgba(15, 27, 45, 0.06)',
    raised: '0 12px 40px rgba(15, 27, 45, 0.18)',
  },
  /**
   * The spec's mobile breakpoint (under 768px); under 1100px the header's account buttons leave the
   * search its room; under 560px of height (a phone held sideways) a panel keeps nothing pinned.
   */
  breakpoints: { mobileMax: 767, narrowMax: 1099, shortMax: 559 },
  layout: { maxWidth: '1200px' },
} as const;

export type Theme = typeof theme;

/** The breakpoints as media queries: a script's matchMedia asks the same as a style's @media. */
export const mediaQueries = {
  mobile: `(max-width: ${theme.breakpoints.mobileMax}px)`,
  desktop: `(min-width: ${theme.breakpoints.mobileMax + 1}px)`,
  narrow: `(max-width: ${theme.breakpoints.narrowMax}px)`,
  short: `(max-height: ${theme.breakpoints.shortMax}px)`,
};

export const media = {
  mobile: `@media ${mediaQueries.mobile}`,
  desktop: `@media ${mediaQueries.desktop}`,
  narrow: `@media ${mediaQueries.narrow}`,
  short: `@media ${mediaQueries.short}`,
};
