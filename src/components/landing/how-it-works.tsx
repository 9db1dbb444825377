import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { MutedSectionBand, SectionInner, SectionTitle } from '@/components/landing/section-layout';
import { theme } from '@/styles/theme';

type StepKey = 'charge' | 'activate' | 'play';

const STEPS: readonly StepKey[] = ['charge', 'activate', 'play'];

/**
 * 'How It Works' (spec §2 'Landing page'): three numbered steps, Charge → Activate → Play, as an
 * ordered list (the list conveys the order; the big numerals are decorative).
 */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <MutedSectionBand aria-labelledby="how-it-works-title">
      <SectionInner>
        <SectionTitle id="how-it-works-title">{t('howItWorks.title')}</SectionTitle>
        <Steps>
          {STEPS.map((key, index) => (
            <Step key={key}>
              <Numeral aria-hidden="true">{index + 1}</Numeral>
              <StepLabel>{t('howItWorks.step', { number: index + 1 })}</StepLabel>
              <StepTitle>{t(`howItWorks.steps.${key}.title`)}</StepTitle>
              <StepText>{t(`howItWorks.steps.${key}.text`)}</StepText>
            </Step>
          ))}
        </Steps>
      </SectionInner>
    </MutedSectionBand>
  );
}

const Steps = styled.ol`
  display: grid;
  gap: ${theme.space.xl};
  margin: ${theme.space.xl} 0 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${theme.breakpoint.md}) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Step = styled.li`
  display: grid;
  justify-items: center;
  align-content: start;
  gap: ${theme.space.xs};
  text-align: center;
`;

const Numeral = styled.span`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin-bottom: ${theme.space.sm};
  border-radius: ${theme.radius.pill};
  background: ${theme.colour.brand};
  color: ${theme.colour.textInverse};
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.black};
  box-shadow: ${theme.shadow.raised};
`;

const StepLabel = styled.span`
  color: ${theme.colour.brand};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const StepTitle = styled.h3`
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.bold};
`;

const StepText = styled.p`
  max-width: 22rem;
  color: ${theme.colour.textMuted};
`;
