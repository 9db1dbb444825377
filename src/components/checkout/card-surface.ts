import { css } from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * The surface every checkout card shares (the form's sections, the order summary, the confirmation):
 * a 1 px border, the large radius, the surface background and the card shadow. Each card keeps its
 * own padding and layout.
 */
export const cardSurfaceStyles = css`
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.colour.surface};
  box-shadow: ${theme.shadow.card};
`;
