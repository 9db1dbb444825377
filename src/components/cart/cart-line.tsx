import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lineTotalCents, type LineItem } from '@machines/pricing';
import { formatCents } from '@/lib/format-money';

/**
 * One cart line as a list item (spec §2 'Cart modal'): product image, name, colour, quantity and the
 * line total (unit price × quantity, integer cents formatted as dollars). Presentational only.
 */
export function CartLine({ line }: { line: LineItem }) {
  const { t } = useTranslation();
  return (
    <Item>
      <Thumb src={line.image} alt="" width={72} height={72} />
      <Details>
        <Name>{t('brand.name')}</Name>
        <Meta>{t('cart.colour', { colour: t(`colour.${line.colourId}`) })}</Meta>
        <Meta>{t('cart.quantity', { count: line.quantity })}</Meta>
      </Details>
      <Price>{formatCents(lineTotalCents(line))}</Price>
    </Item>
  );
}

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Thumb = styled.img`
  width: 72px;
  height: 72px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colour.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colour.border};
`;

const Details = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Meta = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colour.textMuted};
`;

const Price = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
