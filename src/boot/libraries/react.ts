/** Library stage 1 of src/boot/library-stages.ts: React and React DOM's client (the `react` chunk). */
export { hydrateRoot } from 'react-dom/client';
