import styled from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * Shared layout pieces of the landing page's marketing sections (spec §2 'Landing page'): a full-width
 * band, a centred max-width container and a centred heading with its lead paragraph. Styling only.
 */

/** A full-width landing section band on the plain (white) background. */
export const SectionBand = styled.section`
  padding: ${theme.space.section} ${theme.space.md};
  background: ${theme.colour.surface};
  scroll-margin-top: ${theme.space.md};

  @media (min-width: ${theme.breakpoint.md}) {
    padding-inline: ${theme.space.xl};
  }
`;

/** A {@link SectionBand} on the muted (grey) background. */
export const MutedSectionBand = styled(SectionBand)`
  background: ${theme.colour.surfaceMuted};
`;

/** The centred, max-width content column inside a {@link SectionBand}. */
export const SectionInner = styled.div`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
`;

/** A section's `<h2>`, centred. */
export const SectionTitle = styled.h2`
  font-size: clamp(1.625rem, 4vw, 2.25rem);
  font-weight: ${theme.font.weight.black};
  line-height: 1.2;
  letter-spacing: -0.01em;
  text-align: center;
  text-wrap: balance;
`;

/** The lead paragraph under a {@link SectionTitle}. */
export const SectionLead = styled.p`
  max-width: 40rem;
  margin: ${theme.space.sm} auto 0;
  color: ${theme.colour.textMuted};
  font-size: ${theme.font.size.lg};
  text-align: center;
  text-wrap: pretty;
`;

/** A list of cards under a section's heading: one column, three from the `md` breakpoint. */
export const CardList = styled.ul`
  display: grid;
  gap: ${theme.space.lg};
  margin: ${theme.space.xl} 0 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${theme.breakpoint.md}) {
    grid-template-columns: repeat(3, 1fr);
  }
`;
