import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** The checkout page's header bar (spec §2 'Checkout page'): the brand name and a 'Secure checkout' badge. */
export function CheckoutHeader() {
  const { t } = useTranslation();
  return (
    <Bar>
      <Inner>
        <Brand>{t('brand.name')}</Brand>
        <Secure>
          <Lock aria-hidden size={16} />
          {t('checkout.secure')}
        </Secure>
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  border-bottom: 1px solid ${theme.colour.border};
  background: ${theme.colour.surface};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space.md};

  @media (min-width: ${theme.breakpoint.md}) {
    padding-inline: ${theme.space.xl};
  }
`;

const Brand = styled.p`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.black};
  color: ${theme.colour.brand};
`;

const Secure = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  color: ${theme.colour.success};
`;
