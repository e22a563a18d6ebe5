// The signed-in area loads as one chunk: the shell and its pages are small and always go together.
export { ComingSoonPage } from './components/coming-soon-page';
export { DashboardShell } from './components/dashboard-shell';
export { BrandWorkspace } from './brand/brand-workspace';
