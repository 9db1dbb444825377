import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, warmUpApp } from '@support/render-app';

beforeAll(warmUpApp);

describe('not-found page (spec §2, §8)', () => {
  it.each(['/nope', '/checkout/extra', '/CHECKOUT-', '/products/pet-ball'])(
    'shows for %s @R2.3 @R2.29 @R8.1',
    async (path) => {
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This page has not been generated' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Tell me what you would like on this page')).toBeInTheDocument();
    },
  );

  it('links back to the shop @R2.29', async () => {
    const { user, router } = renderApp('/nope');
    await user.click(await screen.findByRole('link', { name: 'Back to Shop' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
