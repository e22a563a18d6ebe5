// The signed-in area loads as one chunk: the shell and its pages are small and always go together.
export { ComingSoonPage } from './components/coming-soon-page';
export { CreatorContractsPage } from './components/creator-contracts-page';
export { DashboardOverviewPage } from './components/dashboard-overview-page';
export { DashboardShell } from './components/dashboard-shell';

/** The brand workspace: a chunk of its own that uses this one's shell. */
export const loadBrandWorkspace = () => import('./brand');
