/**
 * Library stage 1 of src/boot/library-stages.ts: React, React DOM's client and React Router (the `react`
 * chunk).
 */
export { hydrateRoot } from 'react-dom/client';
export { createBrowserRouter } from 'react-router';
