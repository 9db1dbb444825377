/**
 * The checkout page's English texts (spec §2 'Checkout page', §4 'Checkout'), the `checkout` keys of
 * ./en.ts. Bundled with the checkout page's code (src/i18n/checkout-texts.ts adds them), so the
 * landing page never downloads them.
 */
const enCheckout = {
  backToShop: 'Back to Shop',
  title: 'Checkout',
  secure: 'Secure checkout',
  contact: {
    title: 'Contact Information',
    email: 'Email address',
    phone: 'Phone (optional)',
  },
  shippingAddress: {
    title: 'Shipping Address',
    firstName: 'First name',
    lastName: 'Last name',
    address: 'Address',
    apartment: 'Apartment, suite, etc. (optional)',
    city: 'City',
    state: 'State',
    zipCode: 'ZIP code',
    country: 'Country: {{country}}',
  },
  shippingMethod: {
    title: 'Shipping Method',
    free: 'FREE',
    methods: {
      standard: {
        name: 'Standard Shipping',
        delivery: '5-7 business days',
        description: 'Free shipping on orders over $35',
      },
      express: { name: 'Express Shipping', delivery: '2-3 business days', description: 'Faster delivery' },
      overnight: {
        name: 'Overnight Shipping',
        delivery: '1 business day',
        description: 'Next day delivery',
      },
    },
  },
  payment: {
    title: 'Payment',
    cardNumber: 'Card number',
    expiryDate: 'Expiry date',
    expiryPlaceholder: 'MM/YY',
    cvv: 'CVV',
    nameOnCard: 'Name on card',
    simulated: 'This is a demo store: no payment is taken and no order is sent.',
  },
  submit: 'Complete Order - {{price}}',
  processing: 'Processing...',
  summary: {
    title: 'Order Summary',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    free: 'FREE',
    tax: 'Tax (8%)',
    total: 'Total',
    totals: 'Order totals',
    ssl: 'Secured with 256-bit SSL encryption',
  },
  confirmed: {
    title: 'Order Confirmed!',
    orderNumber: 'Order number: {{orderNumber}}',
    thanks: 'Thank you for your order. A confirmation email is on its way.',
    redirecting: 'Taking you back to the shop...',
    stay: 'Stay on this page',
    staying: 'You are staying on this page. Go back to the shop whenever you are ready.',
  },
} as const;

export default enCheckout;
