// The creator's invoice screens: one chunk, loaded when first opened.
export { InvoiceRoutes } from './components/invoice-routes';
