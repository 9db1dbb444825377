import styled from 'styled-components';

/**
 * Shared layout pieces of the landing page's marketing sections (spec §2 'Landing page'): a full-width
 * band, a centred max-width container and a centred heading with its lead paragraph. Styling only.
 */

/** A full-width landing section band; `$tone` picks the background ('plain' white or 'muted' grey). */
export const SectionBand = styled.section<{ $tone?: 'plain' | 'muted' }>`
  padding: ${({ theme }) => theme.space.section} ${({ theme }) => theme.space.md};
  background: ${({ $tone = 'plain', theme }) => ($tone === 'muted' ? theme.colour.surfaceMuted : theme.colour.surface)};
  scroll-margin-top: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    padding-inline: ${({ theme }) => theme.space.xl};
  }
`;

/** The centred, max-width content column inside a {@link SectionBand}. */
export const SectionInner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
`;

/** A section's `<h2>`, centred. */
export const SectionTitle = styled.h2`
  font-size: clamp(1.625rem, 4vw, 2.25rem);
  font-weight: ${({ theme }) => theme.font.weight.black};
  line-height: 1.2;
  letter-spacing: -0.01em;
  text-align: center;
  text-wrap: balance;
`;

/** The lead paragraph under a {@link SectionTitle}. */
export const SectionLead = styled.p`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.sm} auto 0;
  color: ${({ theme }) => theme.colour.textMuted};
  font-size: ${({ theme }) => theme.font.size.lg};
  text-align: center;
  text-wrap: pretty;
`;

/** A list of cards under a section's heading: one column, three from the `md` breakpoint. */
export const CardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.xl} 0 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: repeat(3, 1fr);
  }
`;
