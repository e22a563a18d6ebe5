/** Support's wiring face: its Nest module (it offers no contract to other features). */
export { SupportModule } from './support.module.js';
