/**
 * The signed-in creator area: the dashboard shell (features/dashboard) in this chunk, which loads
 * the deal screens (features/deals). The route table imports only this module lazily, so the deal
 * chunks and the chunks they share with other screens are named here, not in the landing page's
 * preload map (whose budget is 100 kB).
 */
export * from '../features/dashboard';

/** The creator's deal screens and the brand's review page. */
export const loadDeals = () => import('../features/deals');

/** The overview alone (the page a signed-in creator lands on): small, loaded with the shell. */
export const loadDealsOverview = () => import('./creator-overview');

/** The creator's wallet (its chart is a chunk of its own). */
export const loadWallet = () => import('../features/wallet');

/** The account's settings page (profile, sessions, data, help). */
export const loadSettings = () => import('../features/dashboard/settings');

/** The creator's invoices. */
export const loadInvoices = () => import('../features/invoices');

/** The notifications' pages (the bell loads with the shell's top bar). */
export const loadNotifications = () => import('../features/notifications');

/** The creator's reports (the financial-year statement, the ledger extract). */
export const loadReports = () => import('../features/reports');
/** The creator's media kit screens. */
export const loadMediaKit = () => import('../features/media-kit');
/** The dashboard's analytics and insights (their charts are a chunk of their own). */
export const loadInsights = () => import('../features/insights');
