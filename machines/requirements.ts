/**
 * Where each requirement of docs/requirements.md is implemented: the parts of the two machines
 * (`storefront`, `checkout`) and, for what no machine holds (texts, layout, prices, the server), the
 * files or folders it lives in. Only scripts/docs/generate-traceability.ts and its test read it, so it never
 * reaches a bundle; the test fails when a part or file named here does not exist, or a requirement of
 * the document has no entry.
 *
 * A machine part is a state id (`cart.open`) or a transition written `<source state id>: <trigger>`
 * (`toast.visible: after toastDuration`), as docs/statecharts.md names them; a transition with guards
 * stands for each of its guarded branches.
 */
export interface RequirementTrace {
  storefront?: readonly string[];
  checkout?: readonly string[];
  /** Files or folders from the repository root. */
  lives?: readonly string[];
}

const ADD = ['toast.hidden: cart.add', 'toast.visible: cart.add'];
const OPEN_CART = ['cart.closed: cart.open'];
const PROCEED = [
  'cart.open.browsing: checkout.proceed',
  'cart.open.openingCheckout: xstate.done.actor.loadCheckout',
  'cart.open.leavingForCheckout: checkout.opened',
];
const LOAD_FAILED = [
  'cart.open.openingCheckout: xstate.error.actor.loadCheckout',
  'cart.open.checkoutUnavailable',
];
const RELEASE = [
  'release.current: release.waiting',
  'release.waiting.offered',
  'release.waiting.held',
  'release.waiting.offered: release.reload',
  'release.reloading',
];
const SHIPPING = ['checkout.idle: shippingMethod.select'];
const PROCESSED = ['checkout.processing: after processingDelay', 'checkout.confirmed'];
const PRICING = ['machines/pricing.ts'];
const LANDING = 'src/components/landing/';

/** Each requirement id of docs/requirements.md (spec §1–§9) and where it is implemented. */
export const REQUIREMENT_TRACES = {
  'R1.1': { lives: ['src/pages/landing-page.tsx'] },
  'R1.2': { storefront: ['storefront: colour.select', 'storefront: quantity.increment', ...ADD] },
  'R1.3': { storefront: [...OPEN_CART, ...PROCEED] },
  'R1.4': { checkout: ['checkout.idle: field.change', 'checkout.idle: order.submit'] },
  'R1.5': { checkout: PROCESSED },
  'R1.6': { checkout: ['checkout.processing'], lives: ['src/i18n/i18n.ts'] },
  'R1.7': { lives: ['src/locales/en.ts', 'src/i18n/i18n.ts'] },
  'R2.1': { lives: ['src/app/router.tsx', 'src/pages/landing-page.tsx'] },
  'R2.2': { storefront: PROCEED, lives: ['src/app/router.tsx', 'src/pages/checkout-page.tsx'] },
  'R2.3': { lives: ['src/app/router.tsx', 'src/pages/not-found-page.tsx', 'deploy/nginx.conf'] },
  'R2.4': { storefront: ADD, lives: ['src/components/cart/cart-button.tsx'] },
  'R2.5': { storefront: ['storefront: colour.select'], lives: [`${LANDING}hero.tsx`] },
  'R2.6': { lives: [`${LANDING}price-block.tsx`] },
  'R2.7': { lives: ['src/components/ui/stars.tsx', `${LANDING}product-details.tsx`] },
  'R2.8': { storefront: ['storefront: colour.select'], lives: [`${LANDING}colour-swatches.tsx`] },
  'R2.9': {
    storefront: ['storefront: quantity.increment', 'storefront: quantity.decrement'],
    lives: [`${LANDING}quantity-stepper.tsx`],
  },
  'R2.10': { storefront: ['storefront: quantity.increment'], lives: [`${LANDING}add-to-cart-button.tsx`] },
  'R2.11': { storefront: OPEN_CART, lives: [`${LANDING}buy-now-button.tsx`] },
  'R2.12': { lives: [`${LANDING}perks.tsx`] },
  'R2.13': { storefront: ['storefront: colour.select'], lives: [`${LANDING}colour-showcase.tsx`] },
  'R2.14': { lives: [`${LANDING}features.tsx`] },
  'R2.15': { lives: [`${LANDING}how-it-works.tsx`] },
  'R2.16': { lives: [`${LANDING}see-it-in-action.tsx`] },
  'R2.17': { lives: [`${LANDING}testimonials.tsx`] },
  'R2.18': { lives: [`${LANDING}closing-cta.tsx`] },
  'R2.19': { lives: [`${LANDING}site-footer.tsx`] },
  'R2.20': { lives: ['src/locales/en-shop.ts', `${LANDING}site-footer.tsx`] },
  'R2.21': {
    lives: [`${LANDING}see-it-in-action.tsx`, `${LANDING}closing-cta.tsx`, `${LANDING}site-footer.tsx`],
  },
  'R2.22': {
    storefront: ['cart.open.browsing', 'cart.open: cart.close'],
    lives: ['src/components/cart/cart-contents.tsx'],
  },
  'R2.23': {
    storefront: ['cart.open.browsing', 'cart.open: cart.close', ...PROCEED],
    lives: ['src/components/cart/line-item-row.tsx'],
  },
  'R2.24': {
    storefront: [
      'cart.open.openingCheckout',
      'cart.open.waitingToRetry',
      ...LOAD_FAILED,
      'cart.open.checkoutUnavailable: checkout.retry',
    ],
  },
  'R2.25': {
    storefront: ['cart.open.leavingForCheckout: checkout.opened', 'order.underway: checkout.left'],
    lives: ['src/components/checkout/checkout-header.tsx'],
  },
  'R2.26': { checkout: ['checkout.idle', ...SHIPPING], lives: ['src/components/checkout/checkout-form.tsx'] },
  'R2.27': { checkout: SHIPPING, lives: ['src/components/checkout/order-summary.tsx'] },
  'R2.28': { checkout: PROCESSED, lives: ['src/components/checkout/order-confirmation.tsx'] },
  'R2.29': { lives: ['src/pages/not-found-page.tsx'] },
  'R2.30': { storefront: RELEASE, lives: ['src/features/releases/', 'public/manifest.webmanifest'] },
  'R3.1': { storefront: ['storefront: colour.select'], lives: ['machines/catalog.ts'] },
  'R3.2': { lives: ['public/images/', 'src/components/ui/product-image-sources.ts', 'deploy/nginx.conf'] },
  'R3.3': { storefront: ADD, lives: ['machines/storefront-machine.ts'] },
  'R3.4': { storefront: PROCEED, lives: ['machines/parse-checkout-input.ts', 'machines/checkout-input.ts'] },
  'R3.5': { checkout: ['checkout.idle: field.change'], lives: ['machines/checkout-form.ts'] },
  'R3.6': { checkout: SHIPPING, lives: PRICING },
  'R4.1': { storefront: ['cart.closed', 'toast.hidden', 'storefront: quantity.decrement'] },
  'R4.2': { storefront: ['cart.closed', 'cart.open', ...OPEN_CART, 'cart.open: cart.close'] },
  'R4.3': { storefront: [...ADD, 'toast.visible', 'toast.visible: after toastDuration'] },
  'R4.4': { storefront: ['storefront: colour.select', 'cart.open'] },
  'R4.5': { storefront: ['cart.open.browsing'], lives: ['src/components/cart/cart-contents.tsx'] },
  'R4.6': { checkout: ['checkout.idle: order.submit', 'checkout.processing'] },
  'R4.7': { checkout: PROCESSED, lives: ['machines/order-number.ts'] },
  'R4.8': { checkout: ['checkout.confirmed: after redirectDelay', 'checkout.redirect'] },
  'R4.9': { checkout: ['checkout.processing'] },
  'R4.10': { storefront: RELEASE },
  'R5.1': { lives: ['src/components/checkout/checkout-form.tsx', 'src/components/checkout/form-field.tsx'] },
  'R5.2': { lives: ['machines/checkout-form.ts', 'src/components/checkout/checkout-form.tsx'] },
  'R5.3': { storefront: ['storefront: quantity.increment', 'storefront: quantity.decrement'] },
  'R5.4': { lives: ['machines/checkout-input.ts', 'machines/storefront-machine.ts'] },
  'R6.1': { lives: ['src/app/router.tsx'] },
  'R7.1': { checkout: ['checkout.processing'], lives: ['src/features/checkout-download/'] },
  'R7.2': { storefront: OPEN_CART, lives: [`${LANDING}buy-now-button.tsx`] },
  'R7.3': { lives: ['public/images/', 'src/components/ui/product-image-sources.ts'] },
  'R7.4': { lives: ['deploy/nginx.conf'] },
  'R7.5': { lives: ['src/i18n/i18n.ts'] },
  'R7.6': {
    storefront: ['cart.open', 'cart.open.openingCheckout'],
    lives: ['src/features/checkout-download/'],
  },
  'R8.1': { lives: ['src/pages/not-found-page.tsx', 'deploy/nginx.conf'] },
  'R8.2': { lives: ['src/components/checkout/form-field.tsx'] },
  'R8.3': { lives: ['src/app/router.tsx'] },
  'R8.4': { storefront: LOAD_FAILED, lives: ['src/features/checkout-download/load-checkout.ts'] },
  'R8.5': {
    storefront: [...LOAD_FAILED, 'cart.open.waitingToRetry: after checkoutRetryDelay'],
    lives: ['src/features/checkout-download/load-checkout.ts'],
  },
  'R8.6': { lives: ['src/components/ui/no-script-notice.tsx'] },
  'R9.1': { storefront: ['storefront: quantity.increment', ...ADD], lives: ['machines/catalog.ts'] },
  'R9.2': { lives: ['machines/catalog.ts', `${LANDING}price-block.tsx`] },
  'R9.3': { lives: PRICING },
  'R9.4': { checkout: SHIPPING, lives: PRICING },
  'R9.5': { checkout: SHIPPING, lives: PRICING },
  'R9.6': { checkout: SHIPPING, lives: PRICING },
  'R9.7': { checkout: ['checkout.idle', ...SHIPPING], lives: PRICING },
  'R9.8': { checkout: ['checkout.idle', ...SHIPPING], lives: PRICING },
  'R9.9': { storefront: ['toast.visible: after toastDuration'] },
  'R9.10': { checkout: ['checkout.processing: after processingDelay'] },
  'R9.11': { checkout: ['checkout.confirmed: after redirectDelay'] },
  'R9.12': { lives: ['src/locales/en-shop.ts'] },
  'R9.13': { lives: ['src/locales/en-shop.ts'] },
  'R9.14': { checkout: ['checkout.confirmed'], lives: ['machines/order-number.ts'] },
  'R9.15': { checkout: SHIPPING, lives: [...PRICING, 'src/components/checkout/shipping-method-options.tsx'] },
} as const satisfies Readonly<Record<string, RequirementTrace>>;

/** A requirement id of docs/requirements.md: `R` + section + number (`R9.3`). */
export type RequirementId = keyof typeof REQUIREMENT_TRACES;
