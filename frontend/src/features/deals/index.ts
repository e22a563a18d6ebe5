// The creator's deal screens: one chunk, loaded with the signed-in shell, never by the landing page.
export { DealSectionRoutes } from './components/deal-routes';
// The brand's review page (no account) rides in the same chunk: one more chunk name in the landing
// page's preload map would cost more than the creator screens cost a brand.
export { BrandReviewPage } from './components/brand-review-page';
