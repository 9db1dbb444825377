import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { selectIsToastVisible } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { theme } from '@/styles/theme';

/**
 * The 'Added to cart successfully!' toast (spec §4, §9: hidden 3 s after the last add). The
 * `role="status"` live region is always rendered, empty while hidden, so screen readers announce the
 * text when it is inserted; it never takes focus. The machine owns the timer: no timers here.
 */
export function AddedToast() {
  const { t } = useTranslation();
  const visible = StorefrontActorContext.useSelector(selectIsToastVisible);

  return (
    <Region role="status" aria-live="polite" aria-atomic="true">
      {/* The toast element is always rendered (hidden and empty while off) so its rule and keyframes
          exist from the first paint: adding to the cart inserts no style rule. Its text is inserted
          only when shown, which is what the live region announces. */}
      <Toast hidden={!visible}>
        {visible && (
          <>
            <CircleCheck size={22} />
            {t('toast.added')}
          </>
        )}
      </Toast>
    </Region>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-12px); }
  to { opacity: 1; transform: translateY(0); }
`;

/**
 * Fixed, full-width and click-through (toast included: it has nothing to click), so it never blocks the
 * page. It sits at the top (below the fixed cart button on small screens), clear of the 'Add to Cart'
 * button the shopper just pressed, which is usually low in the viewport.
 */
const Region = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  top: calc(${theme.space.md} + ${theme.layout.cartButtonSize} + ${theme.space.sm});
  z-index: 30;
  display: flex;
  justify-content: center;
  padding-inline: ${theme.space.md};
  pointer-events: none;

  @media (min-width: ${theme.breakpoint.md}) {
    top: ${theme.space.lg};
  }
`;

const Toast = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.success};
  color: ${theme.colour.textInverse};
  font-weight: ${theme.font.weight.bold};
  box-shadow: ${theme.shadow.raised};
  /* Runs each time the toast goes from hidden (display: none) to shown. */
  animation: ${slideIn} ${theme.motion.normal} ease-out;

  &[hidden] {
    display: none;
  }
`;
