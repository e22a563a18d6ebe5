// The creator's analytics and insights (#40): one chunk, loaded when first opened (its chart in another).
export { AnalyticsPage } from './components/analytics-page';
export { InsightsPage } from './components/insights-page';
