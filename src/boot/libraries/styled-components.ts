/** Library stage 5 of src/boot/library-stages.ts: styled-components (the `styled-components` chunk). */
export { default as styled } from 'styled-components';
