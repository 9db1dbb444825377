import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectCartCount } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { theme } from '@/styles/theme';

/** Largest count the badge prints in full; above it shows '99+' (the accessible name keeps the real count). */
const BADGE_MAX = 99;

/**
 * The fixed cart button at the top right of the landing page (spec §2 'Landing page'). Its badge
 * shows the cart count only when the cart is non-empty; the accessible name carries the count
 * ('Open cart, 2 items'). Clicking sends `cart.open`; the cart modal is a native `<dialog>`, which
 * returns focus here when it closes.
 */
export function CartButton() {
  const { t } = useTranslation();
  const count = StorefrontActorContext.useSelector(selectCartCount);
  const { send } = StorefrontActorContext.useActorRef();
  const label = count > 0 ? t('cartButton.labelWithCount', { count }) : t('cartButton.label');

  return (
    <FloatingButton
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={() => send({ type: 'cart.open' })}
    >
      <ShoppingCart size={24} strokeWidth={2.25} />
      {/* Always in the DOM (empty and hidden at 0): its styles exist from the first paint, so the first
          add inserts no rule (an inserted rule restyles the whole page inside that tap's frame). */}
      <Badge aria-hidden="true" hidden={count === 0}>
        {count === 0 ? null : count > BADGE_MAX ? `${BADGE_MAX}+` : count}
      </Badge>
    </FloatingButton>
  );
}

const FloatingButton = styled.button`
  position: fixed;
  top: ${theme.space.md};
  right: ${theme.space.md};
  z-index: 20;
  display: grid;
  place-items: center;
  width: ${theme.layout.cartButtonSize};
  height: ${theme.layout.cartButtonSize};
  padding: 0;
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.surface};
  color: ${theme.colour.brand};
  box-shadow: ${theme.shadow.raised};
  transition:
    transform ${theme.motion.fast},
    background-color ${theme.motion.fast};

  @media ${theme.media.hover} {
    &:hover {
      background: ${theme.colour.brandSoft};
      transform: translateY(-1px);
    }
  }

  @media (min-width: ${theme.breakpoint.md}) {
    top: ${theme.space.lg};
    right: ${theme.space.lg};
  }
`;

const Badge = styled.span`
  position: absolute;
  top: -4px;
  right: -4px;
  min-width: 24px;
  height: 24px;
  padding: 0 6px;
  display: grid;
  place-items: center;
  border: 2px solid ${theme.colour.surface};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.brand};
  color: ${theme.colour.textInverse};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  line-height: 1;

  &[hidden] {
    display: none;
  }
`;
