import styled, { css } from 'styled-components';

/** Visual variants of {@link Button}. */
export type ButtonVariant = 'primary' | 'secondary' | 'paypal' | 'ghost';

/**
 * Shared button styles: at least 44×44 CSS px (beyond WCAG 2.5.8's 24 px), visible focus ring from the
 * global styles, disabled look. Use `as="a"` for links that look like buttons.
 */
export const buttonStyles = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  min-width: 44px;
  padding: 0.75rem 1.5rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid transparent;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.md};
  text-decoration: none;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};

  &:active:not(:disabled) {
    transform: translateY(1px);
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.7;
  }

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colour.brand};
          color: ${theme.colour.textInverse};
          &:hover:not(:disabled) {
            background: ${theme.colour.brandHover};
          }
        `;
      case 'secondary':
        return css`
          background: ${theme.colour.surface};
          color: ${theme.colour.brand};
          border-color: ${theme.colour.brand};
          &:hover:not(:disabled) {
            background: ${theme.colour.brandSoft};
          }
        `;
      case 'paypal':
        return css`
          background: ${theme.colour.paypal};
          color: ${theme.colour.paypalText};
          &:hover:not(:disabled) {
            filter: brightness(0.95);
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colour.text};
          &:hover:not(:disabled) {
            background: ${theme.colour.surfaceMuted};
          }
        `;
    }
  }}
`;

/**
 * The shop's button. Props: `$variant` ('primary' default | 'secondary' | 'paypal' | 'ghost'),
 * `$block` (full width). Defaults to `type="button"` so it never submits a form by accident.
 */
export const Button = styled.button.attrs<{ type?: 'button' | 'submit' | 'reset' }>((props) => ({
  type: props.type ?? 'button',
}))<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;

/** A link styled as a {@link Button} (same props). */
export const ButtonLink = styled.a<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;
