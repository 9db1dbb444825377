import type { RouteObject } from 'react-router';
import { CheckoutPage } from '@/pages/checkout-page';
import { LandingPage } from '@/pages/landing-page';
import { NotFoundPage } from '@/pages/not-found-page';

/**
 * The routes of spec §2: `/` landing, `/checkout` checkout, anything else not-found. No route has an
 * `errorElement`, so a route that throws shows React Router's default 'Unexpected Application Error!'
 * screen (spec §8). Used with `createBrowserRouter` in the app and `createMemoryRouter` in tests.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '*', element: <NotFoundPage /> },
];
