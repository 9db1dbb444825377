/**
 * The colours a shopper who asks for more contrast (`prefers-contrast: more`) gets darker, as CSS
 * custom properties: `value` by default, `more` under that preference (both set on `:root` by
 * global-styles.ts). Under it muted text reaches 7:1 on every background it is used on (the palest,
 * the selected shipping option's `brandSoft`, included), and both border colours 3:1 on `surface`,
 * `surfaceMuted` and `brandSoft`, so the edge of every control shows (fields, the quantity stepper,
 * the showcase cards, the swatches).
 */
export const contrastColours = {
  textMuted: { property: '--colour-text-muted', value: '#475569', more: '#334155' },
  border: { property: '--colour-border', value: '#e2e8f0', more: '#64748b' },
  borderStrong: { property: '--colour-border-strong', value: '#94a3b8', more: '#64748b' },
} as const;

/** `var(--…)` of one of {@link contrastColours}. */
const contrastColour = (name: keyof typeof contrastColours) =>
  `var(${contrastColours[name].property})` as const;

/**
 * Design tokens: colours, spacing, radii, shadows, breakpoints and motion. The one source of styling
 * values; components import it and interpolate its values into their styled-components templates as
 * constants, so every rule is static: styled-components computes a component's CSS once, not on each
 * render. Text colours meet WCAG 2.2 AA contrast (≥ 4.5:1) on the backgrounds they are used on;
 * `textMuted`, `border` and `borderStrong` follow `prefers-contrast` ({@link contrastColours}), and
 * `borderOnDark` is the muted edge on `surfaceDark`, which must not darken with them.
 */
export const theme = {
  colour: {
    brand: '#be185d',
    brandHover: '#9d174d',
    brandSoft: '#fdf2f8',
    accent: '#7c3aed',
    text: '#0f172a',
    textMuted: contrastColour('textMuted'),
    textInverse: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f8fafc',
    surfaceDark: '#0f172a',
    borderOnDark: '#475569',
    border: contrastColour('border'),
    borderStrong: contrastColour('borderStrong'),
    success: '#15803d',
    successSoft: '#f0fdf4',
    star: '#b45309',
    danger: '#b91c1c',
    focus: '#2563eb',
    paypal: '#ffc439',
    paypalText: '#111827',
  },
  font: {
    /**
     * The platform's own UI font, which every supported engine resolves (`system-ui`: San Francisco,
     * Segoe UI, Roboto, the desktop's font on Linux). No named fallbacks: WebKitGTK looks each named
     * family up in fontconfig as a new page first resolves its style, and an eight-name stack
     * (-apple-system, Segoe UI, Roboto, …) held its first paint of `/` back by about 250 ms
     * (docs/performance.md).
     */
    family: 'system-ui, sans-serif',
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.5rem',
      xxl: '2rem',
      hero: 'clamp(2rem, 5vw, 3rem)',
    },
    weight: { regular: 400, medium: 500, bold: 700, black: 800 },
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(3rem, 8vw, 5rem)',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 4px 16px rgba(15, 23, 42, 0.06)',
    raised: '0 10px 30px rgba(15, 23, 42, 0.15)',
  },
  breakpoint: { sm: '480px', md: '768px', lg: '1024px' },
  /**
   * Media queries. `hover`: a pointer that hovers (mouse, trackpad). Hover styles sit inside it, so a
   * touch screen, whose tap also sets `:hover`, restyles and repaints nothing for it inside the tap.
   */
  media: { hover: '(hover: hover)' },
  layout: { maxWidth: '1180px', cartButtonSize: '52px' },
  motion: { fast: '150ms', normal: '250ms' },
} as const;
