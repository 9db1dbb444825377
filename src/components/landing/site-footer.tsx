import { AtSign, Camera, CirclePlay, ExternalLink, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { theme } from '@/styles/theme';

type FooterLinkKey =
  | 'features'
  | 'colours'
  | 'reviews'
  | 'faq'
  | 'shipping'
  | 'returns'
  | 'contact'
  | 'about'
  | 'blog'
  | 'careers';

const COLUMNS: readonly { heading: 'product' | 'support' | 'company'; links: readonly FooterLinkKey[] }[] = [
  { heading: 'product', links: ['features', 'colours', 'reviews'] },
  { heading: 'support', links: ['faq', 'shipping', 'returns', 'contact'] },
  { heading: 'company', links: ['about', 'blog', 'careers'] },
];

// lucide-react 1.x dropped brand logos, so each network gets a generic icon; the name says which.
const SOCIALS: readonly { key: 'facebook' | 'instagram' | 'twitter' | 'youtube'; Icon: LucideIcon }[] = [
  { key: 'facebook', Icon: ThumbsUp },
  { key: 'instagram', Icon: Camera },
  { key: 'twitter', Icon: AtSign },
  { key: 'youtube', Icon: CirclePlay },
];

/** The one live external link in the footer (spec §2: a website builder). */
const BUILDER_URL = 'https://lovable.dev';

/**
 * The site footer (spec §2 'Landing page'): brand and tagline, the Product / Support / Company columns,
 * the social icons, one external link to a website builder (new tab, announced as such) and
 * '© 2024 Pet Ball Pro. All rights reserved.'.
 *
 * The column entries and social icons are inert placeholders (spec §2). They are rendered as plain
 * text and named images, NOT as `<a href="#">` (a real link that goes nowhere and jumps to the top) or
 * `<a>` without href (jsx-a11y `anchor-is-valid` rejects it): a keyboard or screen-reader user meets no
 * focus stops that do nothing, and nothing claims to be a link that is not. When real pages exist, swap
 * the `<span>` for a router `<Link>`.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Footer>
      <Inner>
        <Brand>
          <BrandName>{t('brand.name')}</BrandName>
          <Tagline>{t('footer.tagline')}</Tagline>
          <SocialHeading>{t('footer.social')}</SocialHeading>
          <Socials>
            {SOCIALS.map(({ key, Icon }) => (
              <li key={key}>
                <SocialIcon role="img" aria-label={t(`footer.${key}`)}>
                  <Icon size={20} />
                </SocialIcon>
              </li>
            ))}
          </Socials>
        </Brand>
        {COLUMNS.map(({ heading, links }) => (
          <Column key={heading}>
            <ColumnHeading>{t(`footer.${heading}`)}</ColumnHeading>
            <Links>
              {links.map((link) => (
                <li key={link}>
                  <Placeholder>{t(`footer.links.${link}`)}</Placeholder>
                </li>
              ))}
            </Links>
          </Column>
        ))}
      </Inner>
      <Bottom>
        <Copyright>{t('footer.copyright')}</Copyright>
        <BuilderLink href={BUILDER_URL} target="_blank" rel="noopener noreferrer">
          {t('footer.builtWith')}
          <ExternalLink size={16} />
          <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>
        </BuilderLink>
      </Bottom>
    </Footer>
  );
}

const Footer = styled.footer`
  /* Always below the fold: skip its layout and paint until it nears the viewport. */
  content-visibility: auto;
  contain-intrinsic-size: auto 600px;
  padding: ${theme.space.xxl} ${theme.space.md} ${theme.space.xl};
  background: ${theme.colour.surfaceDark};
  color: ${theme.colour.textInverse};

  @media (min-width: ${theme.breakpoint.md}) {
    padding-inline: ${theme.space.xl};
  }
`;

const Inner = styled.div`
  display: grid;
  gap: ${theme.space.xl} ${theme.space.md};
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  grid-template-columns: repeat(3, minmax(0, 1fr));

  @media (min-width: ${theme.breakpoint.lg}) {
    grid-template-columns: 2fr repeat(3, 1fr);
  }
`;

const Brand = styled.div`
  display: grid;
  align-content: start;
  gap: ${theme.space.sm};
  grid-column: 1 / -1;

  @media (min-width: ${theme.breakpoint.lg}) {
    grid-column: auto;
  }
`;

const BrandName = styled.p`
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.black};
`;

const Tagline = styled.p`
  max-width: 22rem;
  opacity: 0.85;
`;

const SocialHeading = styled.h2`
  margin-top: ${theme.space.sm};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
`;

const Socials = styled.ul`
  display: flex;
  gap: ${theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SocialIcon = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${theme.colour.borderOnDark};
`;

const Column = styled.div`
  display: grid;
  align-content: start;
  gap: ${theme.space.sm};
`;

const ColumnHeading = styled.h2`
  font-size: ${theme.font.size.md};
  font-weight: ${theme.font.weight.bold};
`;

const Links = styled.ul`
  display: grid;
  gap: ${theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Placeholder = styled.span`
  opacity: 0.85;
  font-size: ${theme.font.size.sm};
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${theme.space.md};
  max-width: ${theme.layout.maxWidth};
  margin: ${theme.space.xl} auto 0;
  padding-top: ${theme.space.lg};
  border-top: 1px solid ${theme.colour.borderOnDark};
  font-size: ${theme.font.size.sm};
`;

const Copyright = styled.p`
  opacity: 0.85;
`;

const BuilderLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  min-height: 44px;
  color: ${theme.colour.textInverse};
  text-decoration: underline;
  text-underline-offset: 3px;

  @media ${theme.media.hover} {
    &:hover {
      text-decoration-thickness: 2px;
    }
  }
`;
