import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { creatorSectionPath } from '@/config/paths';
import { publicPageUrl, useMediaKit } from '../api/media-kit-queries';

/** /creator/media-kit/share: the public page's link, to copy or open. */
export function ShareMediaKitPage() {
  const kit = useMediaKit();
  const [copied, setCopied] = useState(false);
  if (kit.isPending) return <LoadingIndicator label="Loading your media kit…" />;
  if (kit.isError) return <QueryProblem error={kit.error} what="your media kit" />;
  const { handle, published } = kit.data;
  if (!handle || !published) {
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        <PageHeader title="Share your media kit" />
        <p>
          Your page is not public yet.{' '}
          <Link
            className="font-medium text-indigo-800 underline dark:text-indigo-200"
            to={creatorSectionPath('media-kit')}
          >
            Choose a handle and publish it
          </Link>{' '}
          first.
        </p>
      </div>
    );
  }
  const url = publicPageUrl(handle);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageHeader
        title="Share your media kit"
        description="Send this link to brands, or put it in your bio."
      />
      <p className="rounded-lg bg-slate-100 p-3 font-mono break-all dark:bg-slate-800">{url}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="primary"
          onClick={() => {
            void navigator.clipboard.writeText(url).then(() => {
              setCopied(true);
            });
          }}
        >
          Copy link
        </Button>
        <a
          className="self-center font-medium text-indigo-800 underline dark:text-indigo-200"
          href={url}
          target="_blank"
          rel="noopener"
        >
          Open your page
        </a>
      </div>
      <p role="status">{copied ? 'Link copied' : ''}</p>
    </div>
  );
}
