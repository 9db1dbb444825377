import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { UNIT_PRICE_CENTS } from '@machines/catalog';
import { ButtonLink } from '@/components/ui/button';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * The closing call to action (spec §2 'Landing page'): title, guarantee text, 'Order Now - $21.98'
 * (unit price in cents, formatted here) linking to the product section and 'Learn More' linking to the
 * features.
 */
export function ClosingCta() {
  const { t } = useTranslation();
  return (
    <Band aria-labelledby="closing-title">
      <Inner>
        <Title id="closing-title">{t('closing.title')}</Title>
        <Text>{t('closing.text')}</Text>
        <Actions>
          <ButtonLink href="#product">
            {t('closing.orderNow', { price: formatCents(UNIT_PRICE_CENTS) })}
          </ButtonLink>
          <ButtonLink href="#features" data-variant="secondary">
            {t('closing.learnMore')}
          </ButtonLink>
        </Actions>
      </Inner>
    </Band>
  );
}

const Band = styled.section`
  padding: ${theme.space.section} ${theme.space.md};
  background: linear-gradient(180deg, ${theme.colour.surface} 0%, ${theme.colour.brandSoft} 100%);
`;

const Inner = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space.md};
  max-width: 44rem;
  margin: 0 auto;
  text-align: center;
`;

const Title = styled.h2`
  font-size: clamp(1.75rem, 4.5vw, 2.5rem);
  font-weight: ${theme.font.weight.black};
  line-height: 1.15;
  text-wrap: balance;
`;

const Text = styled.p`
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.lg};
  text-wrap: pretty;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.md};
  margin-top: ${theme.space.sm};
`;
