import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lineTotalCents, type LineItem } from '@machines/pricing';
import { productImageSources } from '@/components/ui/product-image-sources';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * One line item as a list item, shared by the cart modal and the checkout's Order Summary (spec §2):
 * product image, name, colour, quantity and the line total (unit price × quantity, integer cents
 * formatted as dollars). `thumbSize` is the image's edge in CSS px. Presentational only.
 *
 * Re-renders only when it is given another line or size (`memo`; both callers keep the line's
 * reference while it is unchanged): the cart's busy 'Proceed to Checkout' and the summary's totals
 * re-render their parents, and the line's translated texts would otherwise be rebuilt inside those
 * taps (docs/performance.md).
 */
export const LineItemRow = memo(function LineItemRow({
  item,
  thumbSize,
}: {
  item: LineItem;
  thumbSize: number;
}) {
  const { t } = useTranslation();
  return (
    <Row>
      <Thumb
        {...productImageSources(item.colourId, `${thumbSize}px`)}
        alt=""
        width={thumbSize}
        height={thumbSize}
      />
      <Details>
        <Name>{t('brand.name')}</Name>
        <Meta>{t('lineItem.colour', { colour: t(`colour.${item.colourId}`) })}</Meta>
        <Meta>{t('lineItem.quantity', { count: item.quantity })}</Meta>
      </Details>
      <Amount>{formatCents(lineTotalCents(item))}</Amount>
    </Row>
  );
});

const Row = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${theme.space.md};
`;

const Thumb = styled.img`
  object-fit: cover;
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.md};
  background: ${theme.colour.surfaceMuted};
`;

const Details = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.p`
  font-weight: ${theme.font.weight.bold};
`;

const Meta = styled.p`
  font-size: ${theme.font.size.sm};
  color: ${theme.colour.textMuted};
`;

const Amount = styled.p`
  font-weight: ${theme.font.weight.bold};
`;
