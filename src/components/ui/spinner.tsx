import { Loader2 } from 'lucide-react';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/**
 * A spinning loader icon for a busy button (lucide's `Loader2`): one turn a second, still under
 * `prefers-reduced-motion: reduce`. Decorative: pass `aria-hidden` and put the words beside it.
 */
export const Spinner = styled(Loader2)`
  animation: ${spin} 1s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
