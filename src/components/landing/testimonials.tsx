import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CardList, MutedSectionBand, SectionInner, SectionTitle } from '@/components/landing/section-layout';
import { Stars } from '@/components/ui/stars';
import { theme } from '@/styles/theme';

type TestimonialKey = 'sarah' | 'james' | 'priya';

const TESTIMONIALS: readonly TestimonialKey[] = ['sarah', 'james', 'priya'];

/**
 * Three static customer testimonials (spec §2 'Landing page'), each a `<figure>` with five stars, the
 * quote in a `<blockquote>` and the customer in a `<figcaption>`.
 */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <MutedSectionBand id="reviews" aria-labelledby="testimonials-title">
      <SectionInner>
        <SectionTitle id="testimonials-title">{t('testimonials.title')}</SectionTitle>
        <CardList>
          {TESTIMONIALS.map((key) => {
            const name = t(`testimonials.items.${key}.name`);
            return (
              <li key={key}>
                <Card>
                  <Stars label={t('product.rating')} size={18} />
                  <Quote>
                    <p>{t(`testimonials.items.${key}.quote`)}</p>
                  </Quote>
                  <Caption>
                    <Avatar aria-hidden="true">{name.charAt(0)}</Avatar>
                    <span>
                      <CustomerName>{name}</CustomerName>
                      <Pet>{t(`testimonials.items.${key}.pet`)}</Pet>
                    </span>
                  </Caption>
                </Card>
              </li>
            );
          })}
        </CardList>
      </SectionInner>
    </MutedSectionBand>
  );
}

const Card = styled.figure`
  height: 100%;
  display: grid;
  grid-template-rows: auto 1fr auto;
  gap: ${theme.space.md};
  margin: 0;
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.colour.surface};
  box-shadow: ${theme.shadow.card};
`;

const Quote = styled.blockquote`
  margin: 0;
  font-size: ${theme.font.size.lg};
  text-wrap: pretty;

  p::before {
    content: '“';
  }
  p::after {
    content: '”';
  }
`;

const Caption = styled.figcaption`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.brandSoft};
  color: ${theme.colour.brand};
  font-weight: ${theme.font.weight.bold};
`;

const CustomerName = styled.span`
  display: block;
  font-weight: ${theme.font.weight.bold};
`;

const Pet = styled.span`
  display: block;
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.sm};
`;
