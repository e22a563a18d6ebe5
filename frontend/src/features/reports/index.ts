// The creator's reports (#40): one chunk, loaded when the Reports page is first opened.
export { ReportsPage } from './components/reports-page';
