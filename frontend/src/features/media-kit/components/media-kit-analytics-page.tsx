import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { useMediaKitAnalytics } from '../api/media-kit-queries';
import { RequestFunnel } from './request-funnel';

const dayLabel = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** /creator/media-kit/analytics: the public page's views and unique visitors, day by day. */
export function MediaKitAnalyticsPage() {
  const analytics = useMediaKitAnalytics();
  if (analytics.isPending) return <LoadingIndicator label="Loading your page's views…" />;
  if (analytics.isError) return <QueryProblem error={analytics.error} what="your page's views" />;
  const { days } = analytics.data;
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const visitors = days.reduce((sum, day) => sum + day.uniqueVisitors, 0);
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <PageHeader
        title="Media kit analytics"
        description="Views of your public page in the last 30 days. Counted by Paylock itself, with no third-party tracker; a visitor is counted once a day and no address is kept."
      />
      <p>
        <strong>{views}</strong> views · <strong>{visitors}</strong> unique visitors (summed per
        day)
      </p>
      <table className="w-full text-left">
        <caption className="sr-only">Views per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Unique visitors</th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day} className="border-t border-slate-200 dark:border-slate-700">
              <td>{dayLabel.format(new Date(`${day.day}T00:00:00Z`))}</td>
              <td>{day.views}</td>
              <td>{day.uniqueVisitors}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <RequestFunnel />
    </div>
  );
}
