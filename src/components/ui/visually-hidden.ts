import styled, { css } from 'styled-components';

/**
 * Styles that hide content visually but keep it in the accessibility tree and, for form controls, in
 * the tab order (the standard "sr-only" clip pattern). Used for screen-reader-only texts and for the
 * native radios behind the colour swatches (spec §2 'Landing page').
 */
export const visuallyHiddenStyles = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

/** A `<span>` read by screen readers but not shown, e.g. '(opens in a new tab)' after a link text. */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
