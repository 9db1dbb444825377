import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

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
  border-bottom: 1px solid ${({ theme }) => theme.colour.border};
  background: ${({ theme }) => theme.colour.surface};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    padding-inline: ${({ theme }) => theme.space.xl};
  }
`;

const Brand = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.black};
  color: ${({ theme }) => theme.colour.brand};
`;

const Secure = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colour.success};
`;
