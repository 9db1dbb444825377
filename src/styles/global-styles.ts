import { createGlobalStyle } from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * Global styles: box sizing, the system font stack, a visible focus ring for keyboard users, smooth
 * scrolling for pointer users only, and no non-essential motion under `prefers-reduced-motion: reduce`
 * (WCAG 2.2 AA).
 */
export const GlobalStyles = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-behavior: smooth; }
  /* Smooth scrolling is for in-page links followed with a pointer. Keyboard focus (Tab, or Enter on
     such a link) scrolls at once: no motion at every Tab, and the focus ring is on screen immediately. */
  html:has(:focus-visible) { scroll-behavior: auto; }
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
  h1, h2, h3, h4, p { margin: 0; }
  :focus-visible {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
