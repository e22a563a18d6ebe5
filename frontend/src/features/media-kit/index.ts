// The creator's media kit screens: one chunk, loaded when first opened.
export { MediaKitRoutes } from './components/media-kit-routes';
