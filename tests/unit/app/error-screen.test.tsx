import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@support/render-app';

// A landing page that throws while rendering stands in for any route that throws.
vi.mock('@/pages/landing-page', () => ({
  LandingPage: () => {
    throw new Error('Simulated render failure');
  },
}));

describe("router's default error screen (spec §8)", () => {
  it("shows 'Unexpected Application Error!' when a route throws @R8.3", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Simulated render failure')).toBeInTheDocument();
  });
});
