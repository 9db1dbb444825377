import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonStyles } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { theme } from '@/styles/theme';

/** Any unmatched path (spec §2, §8): 'This page has not been generated'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.notFoundTitle'));
  return (
    <Main>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <HomeLink to="/">{t('notFound.home')}</HomeLink>
    </Main>
  );
}

const Main = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xl};
  text-align: center;
  background: ${theme.colour.surfaceMuted};

  h1 {
    font-size: ${theme.font.size.xxl};
  }
  p {
    color: ${theme.colour.textMuted};
  }
`;

const HomeLink = styled(Link)`
  ${buttonStyles}
`;
