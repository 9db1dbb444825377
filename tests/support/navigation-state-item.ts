/**
 * One entry of the checkout input's `items` as the landing page puts it into navigation state
 * (spec §3, 'Checkout input'): two Ocean Blue balls at 21.98 dollars each, with `overrides` merged in.
 * Typed loosely on purpose: tests override fields with hostile values (strings, NaN, unknown ids).
 */
export const navigationStateItem = (overrides: Record<string, unknown> = {}) => ({
  id: 'pet-ball-pro',
  name: 'Pet Ball Pro',
  color: 'Ocean Blue',
  quantity: 2,
  price: 21.98,
  image: '/images/pet-ball-ocean-blue-480.webp',
  ...overrides,
});
