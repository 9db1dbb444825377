/**
 * The valid contact, address and card details a sample shopper enters at checkout, keyed by the
 * field's visible label: every required field of spec §5. Shared by the jsdom tests, the browser tests
 * and the screenshot script. The card number is a well-known test number, never a real card.
 */
export const SHOPPER_DETAILS: readonly (readonly [label: string, value: string])[] = [
  ['Email address', 'sam@example.com'],
  ['First name', 'Sam'],
  ['Last name', 'Rivera'],
  ['Address', '1 Main St'],
  ['City', 'Springfield'],
  ['State', 'IL'],
  ['ZIP code', '62701'],
  ['Card number', '4242424242424242'],
  ['Expiry date', '12/30'],
  ['CVV', '123'],
  ['Name on card', 'Sam Rivera'],
];
