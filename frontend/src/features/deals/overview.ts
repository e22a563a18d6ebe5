// The dashboard overview on its own: a signed-in creator's first page loads no form or table code.
export { DealsOverviewPage } from './components/deals-overview-page';
