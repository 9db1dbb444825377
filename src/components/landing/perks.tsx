import { RotateCcw, ShieldCheck, Truck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

type PerkKey = 'freeShipping' | 'warranty' | 'returns';

const PERKS: readonly { key: PerkKey; Icon: LucideIcon }[] = [
  { key: 'freeShipping', Icon: Truck },
  { key: 'warranty', Icon: ShieldCheck },
  { key: 'returns', Icon: RotateCcw },
];

/**
 * The three perks 'Free shipping over $35', '1-year warranty', '30-day returns' as a list with icons
 * (spec §2 'Landing page' and the checkout's order summary; §9). Lays out in a row that wraps; pass
 * `className` (or wrap with `styled(Perks)`) to adapt it to another container.
 */
export function Perks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <List className={className}>
      {PERKS.map(({ key, Icon }) => (
        <Item key={key}>
          <IconBubble>
            <Icon size={18} />
          </IconBubble>
          {t(`perks.${key}`)}
        </Item>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm} ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;

const IconBubble = styled.span`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.successSoft};
  color: ${theme.colour.success};
  flex-shrink: 0;
`;
