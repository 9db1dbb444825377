import { BatteryFull, Droplets, PawPrint, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SectionBand, SectionInner, SectionLead, SectionTitle } from '@/components/landing/section-layout';
import { theme } from '@/styles/theme';

type FeatureKey = 'autoRoll' | 'battery' | 'waterproof' | 'texture';

const FEATURES: readonly { key: FeatureKey; Icon: LucideIcon }[] = [
  { key: 'autoRoll', Icon: Zap },
  { key: 'battery', Icon: BatteryFull },
  { key: 'waterproof', Icon: Droplets },
  { key: 'texture', Icon: PawPrint },
];

/**
 * The four feature cards (spec §2 'Landing page'): auto-roll, up to 8 hours of battery, IPX7
 * waterproofing and the ribbed texture. `id="features"` is the target of the closing 'Learn More' link.
 */
export function Features() {
  const { t } = useTranslation();
  return (
    <SectionBand id="features" aria-labelledby="features-title">
      <SectionInner>
        <SectionTitle id="features-title">{t('features.title')}</SectionTitle>
        <SectionLead>{t('features.subtitle')}</SectionLead>
        <Grid>
          {FEATURES.map(({ key, Icon }) => (
            <Card key={key}>
              <IconBubble>
                <Icon size={26} />
              </IconBubble>
              <CardTitle>{t(`features.items.${key}.title`)}</CardTitle>
              <CardText>{t(`features.items.${key}.text`)}</CardText>
            </Card>
          ))}
        </Grid>
      </SectionInner>
    </SectionBand>
  );
}

const Grid = styled.ul`
  display: grid;
  gap: ${theme.space.lg};
  margin: ${theme.space.xl} 0 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${theme.breakpoint.sm}) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: ${theme.breakpoint.lg}) {
    grid-template-columns: repeat(4, 1fr);
  }
`;

/** Small screens: icon beside the text; from sm: icon above it. */
const Card = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  align-content: start;
  gap: ${theme.space.xs} ${theme.space.md};
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colour.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.colour.surface};
  box-shadow: ${theme.shadow.card};

  @media (min-width: ${theme.breakpoint.sm}) {
    grid-template-columns: 1fr;
    gap: ${theme.space.sm};
  }
`;

const IconBubble = styled.span`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  grid-row: span 2;
  border-radius: ${theme.radius.md};
  background: ${theme.colour.brandSoft};
  color: ${theme.colour.brand};

  @media (min-width: ${theme.breakpoint.sm}) {
    grid-row: auto;
    margin-bottom: ${theme.space.sm};
  }
`;

const CardTitle = styled.h3`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;

const CardText = styled.p`
  color: ${theme.colour.textMuted};
`;
