import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DISCOUNT_PERCENT, LIST_PRICE_CENTS, UNIT_PRICE_CENTS } from '@machines/catalog';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * The price block (spec §2 'Landing page', §9): the unit price $21.98, the crossed-out list price $39.99
 * and the '45% OFF' tag. Prices come from the catalog in cents and are formatted here, at the edge.
 * Screen readers hear 'Price $21.98, Was $39.99, 45% OFF': the strike-through alone carries no meaning
 * for them, so the struck price is hidden from them and a 'Was …' text is read instead.
 */
export function PriceBlock() {
  const { t } = useTranslation();
  const listPrice = formatCents(LIST_PRICE_CENTS);

  return (
    <Row>
      <VisuallyHidden>{t('product.price')} </VisuallyHidden>
      <Current>{formatCents(UNIT_PRICE_CENTS)}</Current>
      <VisuallyHidden>{t('product.listPrice', { price: listPrice })}</VisuallyHidden>
      <Struck aria-hidden="true">{listPrice}</Struck>
      <Discount>{t('product.discount', { percent: DISCOUNT_PERCENT })}</Discount>
    </Row>
  );
}

const Row = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm} ${theme.space.md};
`;

const Current = styled.span`
  font-size: clamp(2rem, 6vw, 2.5rem);
  font-weight: ${theme.font.weight.black};
  line-height: 1;
  color: ${theme.colour.brand};
`;

const Struck = styled.s`
  font-size: ${theme.font.size.xl};
  color: ${theme.colour.textMuted};
`;

const Discount = styled.span`
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${theme.colour.danger};
  color: ${theme.colour.textInverse};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.black};
  letter-spacing: 0.03em;
`;
