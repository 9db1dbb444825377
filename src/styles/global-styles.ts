import { createGlobalStyle } from 'styled-components';
import { contrastColours, theme } from '@/styles/theme';

/** `--name: value;` of every {@link contrastColours} entry, for `prefers-contrast` `level`. */
const contrastProperties = (level: 'value' | 'more') =>
  Object.values(contrastColours)
    .map((colour) => `${colour.property}: ${colour[level]};`)
    .join(' ');

/**
 * Global styles: box sizing, the platform's UI font, the colours that follow `prefers-contrast`
 * ({@link contrastColours}), a visible focus ring for keyboard users, and no non-essential motion under
 * `prefers-reduced-motion: reduce` (WCAG 2.2 AA).
 *
 * In-page links and keyboard focus scroll at once (no `scroll-behavior: smooth`): sparing keyboard
 * users the motion at every Tab took `html:has(:focus-visible)`, which searched the whole page at
 * every focus change, about 8 ms of every button tap on a low-tier phone (docs/performance.md).
 *
 * A button is a control, not text to copy: a press on one, or a long press on a phone, starts no
 * selection. The other controls pressed that way (the colour swatches, the shipping method cards) say
 * so in their own styles; every other text, a field's label included, stays selectable.
 */
export const GlobalStyles = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  :root { ${contrastProperties('value')} }
  @media (prefers-contrast: more) {
    :root { ${contrastProperties('more')} }
  }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font.family};
    color: ${theme.colour.text};
    background: ${theme.colour.surface};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  img, svg { display: block; max-width: 100%; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }
  button { -webkit-user-select: none; user-select: none; }
  h1, h2, h3, h4, p { margin: 0; }
  :focus-visible {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
