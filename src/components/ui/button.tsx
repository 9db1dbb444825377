import styled, { css } from 'styled-components';
import { theme } from '@/styles/theme';

/** Visual variants of {@link Button}, its `data-variant` attribute. */
export type ButtonVariant = 'primary' | 'secondary' | 'paypal' | 'ghost';

/**
 * Shared button styles: at least 44×44 CSS px (beyond WCAG 2.5.8's 24 px), visible focus ring from the
 * global styles, disabled look. The variant and the width are attributes of the element,
 * `data-variant` ({@link ButtonVariant}; primary when absent) and `data-block` (full width), so the
 * rules are static: styled-components computes them once, not again in every render a tap causes.
 * The 1 px press shift is immediate: a transform transition would start, with its events, inside
 * every tap. The resting transform is set too (`translateY(0)`), so the press changes only its value:
 * a transform appearing at the press made the browser lay the button out again before its click
 * (docs/performance.md).
 */
export const buttonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  min-width: 44px;
  padding: 0.75rem 1.5rem;
  border-radius: ${theme.radius.pill};
  border: 2px solid transparent;
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.md};
  text-decoration: none;
  transition: background-color ${theme.motion.fast};
  transform: translateY(0);
  width: auto;
  background: ${theme.colour.brand};
  color: ${theme.colour.textInverse};

  &[data-block] {
    width: 100%;
  }
  @media ${theme.media.hover} {
    &:hover:not(:disabled) {
      background: ${theme.colour.brandHover};
    }
  }
  &:active:not(:disabled) {
    transform: translateY(1px);
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.7;
  }

  &[data-variant='secondary'] {
    background: ${theme.colour.surface};
    color: ${theme.colour.brand};
    border-color: ${theme.colour.brand};
    @media ${theme.media.hover} {
      &:hover:not(:disabled) {
        background: ${theme.colour.brandSoft};
      }
    }
  }
  &[data-variant='paypal'] {
    background: ${theme.colour.paypal};
    color: ${theme.colour.paypalText};
    @media ${theme.media.hover} {
      &:hover:not(:disabled) {
        background: ${theme.colour.paypal};
        filter: brightness(0.95);
      }
    }
  }
  &[data-variant='ghost'] {
    background: transparent;
    color: ${theme.colour.text};
    @media ${theme.media.hover} {
      &:hover:not(:disabled) {
        background: ${theme.colour.surfaceMuted};
      }
    }
  }
`;

/**
 * The shop's button, styled by {@link buttonStyles}: `data-variant` picks the variant, `data-block`
 * makes it full width. Defaults to `type="button"` so it never submits a form by accident.
 */
export const Button = styled.button.attrs<{ type?: 'button' | 'submit' | 'reset' }>((props) => ({
  type: props.type ?? 'button',
}))`
  ${buttonStyles}
`;

/** A link styled as a {@link Button} (same attributes). */
export const ButtonLink = styled.a`
  ${buttonStyles}
`;
