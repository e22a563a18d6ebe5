// The brand workspace loads as its own chunk, beside the dashboard chunk whose shell it uses.
export { BrandRoutes } from './brand-routes';
