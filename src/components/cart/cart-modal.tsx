import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { selectIsCartOpen } from '@machines/storefront-machine';
import { StorefrontActorContext } from '@/actors/storefront-actor';
import { CartContents } from './cart-contents';
import { theme } from '@/styles/theme';

/**
 * The cart modal (spec §2 'Cart modal', §4 'Landing page'): a native `<dialog>` opened with
 * `showModal()` while the storefront machine is in `cart.open` and closed with `close()` otherwise.
 * The machine is the truth: Escape (`cancel`) and any other native close send `cart.close`, and the
 * dialog only follows the machine. Named by its visible title 'Your Cart'; the native dialog moves
 * focus in, makes the page inert and returns focus to the opener on close, and Tab / Shift+Tab wrap
 * from the last control to the first and back (WAI-ARIA APG modal dialog) instead of leaving the page
 * for the browser's toolbar as Chromium's native dialog does.
 */
export function CartModal() {
  const isOpen = StorefrontActorContext.useSelector(selectIsCartOpen);
  const storefront = StorefrontActorContext.useActorRef();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  // DOM sync only: the dialog's open state mirrors the machine's `cart` region.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  // The dialog closes itself when the machine closes it, too: only report closes the machine missed.
  const requestClose = () => {
    if (selectIsCartOpen(storefront.getSnapshot())) storefront.send({ type: 'cart.close' });
  };

  return (
    <Dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={wrapTabFocus}
      onCancel={(event) => {
        // Escape: let the machine close the dialog rather than the browser.
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Chromium fires `close` at the next animation frame: if the cart was opened again meanwhile
        // (Escape, then Enter within one frame), this event is the earlier close's and the dialog is
        // open. Only a dialog still closed reports.
        if (!dialogRef.current?.open) requestClose();
      }}
    >
      <Header>
        <Title id={titleId}>{t('cart.title')}</Title>
        <CloseButton type="button" aria-label={t('cart.close')} onClick={requestClose}>
          <X aria-hidden size={22} />
        </CloseButton>
      </Header>
      <CartContents />
    </Dialog>
  );
}

const TABBABLE = 'button:not(:disabled), a[href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog: past the last control comes the first, and vice versa. */
function wrapTabFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const tabbables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE));
  const first = tabbables[0];
  const last = tabbables[tabbables.length - 1];
  if (!first || !last) return;
  const [from, to] = event.shiftKey ? [first, last] : [last, first];
  if (document.activeElement !== from) return;
  event.preventDefault();
  to.focus();
}

const sheetIn = keyframes`
  from { transform: translateY(100%); }
  to { transform: translateY(0); }
`;

const cardIn = keyframes`
  from { opacity: 0; transform: translateY(12px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Dialog = styled.dialog`
  /* Small screens: a full-width sheet docked to the bottom. */
  width: 100%;
  max-width: 100%;
  max-height: 90dvh;
  margin: auto 0 0;
  padding: ${theme.space.lg};
  border: 0;
  border-radius: ${theme.radius.xl} ${theme.radius.xl} 0 0;
  background: ${theme.colour.surface};
  color: ${theme.colour.text};
  box-shadow: ${theme.shadow.raised};
  overflow-y: auto;
  overscroll-behavior: contain;

  /* Only style display while open: a display value on a closed dialog would show it. */
  &[open] {
    display: flex;
    flex-direction: column;
    gap: ${theme.space.lg};
    animation: ${sheetIn} ${theme.motion.normal} ease-out;
  }

  /* A dimmed backdrop, not a blurred one: re-blurring the page behind on every frame delayed the
     paint after Proceed to Checkout by about 100 ms on a mid-tier phone (docs/performance.md). */
  &::backdrop {
    background: rgba(15, 23, 42, 0.55);
  }
  &[open]::backdrop {
    animation: ${fadeIn} ${theme.motion.normal} ease-out;
  }

  /* Larger screens: a centred card. */
  @media (min-width: ${theme.breakpoint.sm}) {
    width: min(28rem, calc(100% - 2 * ${theme.space.md}));
    margin: auto;
    padding: ${theme.space.xl};
    border-radius: ${theme.radius.lg};

    &[open] {
      animation-name: ${cardIn};
    }
  }

  @media (prefers-reduced-motion: reduce) {
    &[open],
    &[open]::backdrop {
      animation: none;
    }
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

const Title = styled.h2`
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.black};
`;

const CloseButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  flex: none;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: transparent;
  color: ${theme.colour.textMuted};
  transition: background-color ${theme.motion.fast};

  @media ${theme.media.hover} {
    &:hover {
      background: ${theme.colour.surfaceMuted};
      color: ${theme.colour.text};
    }
  }
`;
