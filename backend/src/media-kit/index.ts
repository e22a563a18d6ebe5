/** The media kit's wiring face: the Nest module (see media-kit.contract.ts for the domain face). */
export { MediaKitModule } from './media-kit.module.js';
