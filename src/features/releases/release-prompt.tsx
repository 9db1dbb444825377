import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { selectIsReleaseOffered, selectIsReloadingIntoRelease } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { Button } from '@/components/ui/button';
import { theme } from '@/styles/theme';

/**
 * 'A new version of the shop is ready' with 'Reload' (spec §2 'New release', §4): shown while the
 * storefront machine offers a new release (`selectIsReleaseOffered`; it holds it back while an order
 * is underway, so a shopper is never asked to reload beside 'Processing...' or 'Order Confirmed!'). The
 * `role="status"` region is always rendered, empty while there is nothing to say, so screen readers
 * announce the text politely when it appears; it never takes focus. 'Reload' sends `release.reload`:
 * the machine reloads the page with the cart kept, and ignores a second press.
 */
export function ReleasePrompt() {
  const { t } = useTranslation();
  const shown = StorefrontActorContext.useSelector(selectIsReleaseOffered);
  const reloading = StorefrontActorContext.useSelector(selectIsReloadingIntoRelease);
  const storefront = StorefrontActorContext.useActorRef();

  return (
    <Region role="status" aria-live="polite" aria-atomic="true">
      {/* Always rendered (hidden and empty while off) so its rules exist from the first paint. */}
      <Card hidden={!shown}>
        {shown && (
          <>
            <Text>{t('release.ready')}</Text>
            <Button
              data-variant="secondary"
              aria-disabled={reloading || undefined}
              onClick={() => storefront.send({ type: 'release.reload' })}
            >
              <RefreshCw aria-hidden size={18} />
              {t('release.reload')}
            </Button>
          </>
        )}
      </Card>
    </Region>
  );
}

/** Fixed at the bottom, click-through around the card, so it never covers the page's own controls' row. */
const Region = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: ${theme.space.md};
  z-index: 20;
  display: flex;
  justify-content: center;
  padding-inline: ${theme.space.md};
  pointer-events: none;
`;

const Card = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm} ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.sm} ${theme.space.sm} ${theme.space.lg};
  border-radius: ${theme.radius.lg};
  background: ${theme.colour.surfaceDark};
  color: ${theme.colour.textInverse};
  box-shadow: ${theme.shadow.raised};
  pointer-events: auto;

  &[hidden] {
    display: none;
  }
`;

const Text = styled.p`
  margin: 0;
  font-weight: ${theme.font.weight.medium};
`;
