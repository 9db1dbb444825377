import { ShieldCheck } from 'lucide-react';
import { shallowEqual } from '@xstate/react';
import { memo, useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectLineItems, selectOrderTotals } from '@machines/checkout-machine';
import type { OrderTotals } from '@machines/pricing';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { cardSurfaceStyles } from '@/components/checkout/card-surface';
import { Perks } from '@/components/landing/perks';
import { LineItemRow } from '@/components/cart/line-item-row';
import { visuallyHiddenStyles } from '@/components/ui/visually-hidden';
import { formatCents } from '@/lib/format-money';
import { theme } from '@/styles/theme';

/**
 * The Order Summary side panel (spec §2 'Checkout page', §9): the line items (image, name, colour,
 * quantity, line total), then Subtotal, Shipping ('FREE' when 0), Tax (8%) and Total as a table of
 * row headers and amounts, an SSL note and the shop's perks (shared with the landing page). Every amount is integer cents from
 * `selectOrderTotals`, formatted here.
 */
export function OrderSummary() {
  const lineItems = CheckoutActorContext.useSelector(selectLineItems);
  const titleId = useId();
  const { t } = useTranslation();

  return (
    <Panel aria-labelledby={titleId}>
      <Title id={titleId}>{t('checkout.summary.title')}</Title>

      <Items>
        {lineItems.map((item) => (
          <LineItemRow key={item.colourId} item={item} thumbSize={64} />
        ))}
      </Items>

      <SummaryTotals />

      <Ssl>
        <ShieldCheck aria-hidden size={18} />
        {t('checkout.summary.ssl')}
      </Ssl>
      <SummaryPerks />
    </Panel>
  );
}

/**
 * Subtotal, Shipping, Tax and Total (integer cents from `selectOrderTotals`, formatted here). They follow
 * a shipping method's choice in a deferred render: that tap's frame shows the checked method (on a
 * phone the summary is below the form, out of sight). The tap's render calls this with the previous
 * totals, and the memoised table skips its texts and markup.
 */
function SummaryTotals() {
  const totals = useDeferredValue(CheckoutActorContext.useSelector(selectOrderTotals, shallowEqual));
  return <TotalsTable totals={totals} />;
}

/** {@link SummaryTotals}' table, rendered again only when an amount (or the language) changes. */
const TotalsTable = memo(function TotalsTable({ totals }: { totals: OrderTotals }) {
  const { t } = useTranslation();
  return (
    <Totals>
      <VisuallyHiddenCaption>{t('checkout.summary.totals')}</VisuallyHiddenCaption>
      <tbody>
        <tr>
          <th scope="row">{t('checkout.summary.subtotal')}</th>
          <td>{formatCents(totals.subtotalCents)}</td>
        </tr>
        <tr>
          <th scope="row">{t('checkout.summary.shipping')}</th>
          <td>
            {totals.shippingCents === 0 ? (
              <Free>{t('checkout.summary.free')}</Free>
            ) : (
              formatCents(totals.shippingCents)
            )}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('checkout.summary.tax')}</th>
          <td>{formatCents(totals.taxCents)}</td>
        </tr>
        <TotalRow>
          <th scope="row">{t('checkout.summary.total')}</th>
          <td>{formatCents(totals.totalCents)}</td>
        </TotalRow>
      </tbody>
    </Totals>
  );
});

const Panel = styled.aside`
  display: grid;
  gap: ${theme.space.lg};
  padding: ${theme.space.md};
  ${cardSurfaceStyles}

  @media (min-width: ${theme.breakpoint.sm}) {
    padding: ${theme.space.lg};
  }
  @media (min-width: ${theme.breakpoint.lg}) {
    position: sticky;
    top: ${theme.space.lg};
  }
`;

const Title = styled.h2`
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`;

const Items = styled.ul`
  display: grid;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Totals = styled.table`
  width: 100%;
  border-collapse: collapse;
  border-top: 1px solid ${theme.colour.border};

  th,
  td {
    padding-block: ${theme.space.xs};
  }
  tr:first-child > * {
    padding-top: ${theme.space.md};
  }
  th {
    text-align: start;
    font-weight: ${theme.font.weight.regular};
    color: ${theme.colour.textMuted};
  }
  td {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

const TotalRow = styled.tr`
  th,
  td {
    padding-top: ${theme.space.md};
    border-top: 1px solid ${theme.colour.border};
    font-size: ${theme.font.size.lg};
    font-weight: ${theme.font.weight.black};
    color: ${theme.colour.text};
  }
`;

const Free = styled.span`
  font-weight: ${theme.font.weight.bold};
  color: ${theme.colour.success};
`;

const VisuallyHiddenCaption = styled.caption`
  ${visuallyHiddenStyles}
`;

const Ssl = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  font-size: ${theme.font.size.sm};
  color: ${theme.colour.success};
`;

const SummaryPerks = styled(Perks)`
  flex-direction: column;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colour.border};
`;
