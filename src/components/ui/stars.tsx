import { Star } from 'lucide-react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** Props of {@link Stars}. */
export interface StarsProps {
  /** Accessible name of the whole rating, e.g. 'Rated 5 out of 5 stars'. */
  label: string;
  /** Filled stars out of five (integer 0–5); defaults to 5. */
  rating?: number;
  /** Icon size in CSS px; defaults to 20. */
  size?: number;
}

const MAX_STARS = 5;

/**
 * A five-star rating rendered as ONE image (`role="img"` + `aria-label`), so screen readers read the
 * label once instead of five unnamed icons (spec §2 'Landing page': five stars). Feature-free.
 */
export function Stars({ label, rating = MAX_STARS, size = 20 }: StarsProps) {
  return (
    <Row role="img" aria-label={label}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Star key={index} fill={index < rating ? 'currentColor' : 'none'} size={size} strokeWidth={1.75} />
      ))}
    </Row>
  );
}

const Row = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${theme.colour.star};
`;
