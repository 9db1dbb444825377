/** Library stage 2 of src/boot/library-stages.ts: React Router (the `react-router` chunk). */
export { createBrowserRouter } from 'react-router';
