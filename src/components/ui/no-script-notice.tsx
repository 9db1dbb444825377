import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * What a shopper without JavaScript sees at the top of every prerendered page: buying
 * needs JavaScript, in the shop's own texts. A `<noscript>`: browsers running scripts ignore it, and
 * React leaves its content alone when it hydrates.
 */
export function NoScriptNotice() {
  const { t } = useTranslation();
  return (
    <noscript>
      <Notice role="note">
        <strong>{t('noScript.title')}</strong> {t('noScript.text')}
      </Notice>
    </noscript>
  );
}

const Notice = styled.p`
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colour.surfaceDark};
  color: ${theme.colour.textInverse};
  text-align: center;
`;
