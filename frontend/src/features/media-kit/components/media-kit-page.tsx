import { useState } from 'react';
import { Link } from 'react-router';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { creatorPagePath } from '@/config/paths';
import { isErrorBody, messageOf } from '@/lib/api-error';
import {
  publicPageUrl,
  useChangeHandle,
  useMediaKit,
  usePublishMediaKit,
} from '../api/media-kit-queries';

function handleErrorOf(error: unknown): string | undefined {
  if (!error) return undefined;
  if (isErrorBody(error) && typeof error.errors === 'object' && error.errors !== null) {
    const handle = (error.errors as Record<string, unknown>).handle;
    if (typeof handle === 'string') return handle;
  }
  return messageOf(error, 'Could not save the handle. Please try again.');
}

function HandleForm({ current }: { current: string | null }) {
  const [handle, setHandle] = useState(current ?? '');
  const change = useChangeHandle();
  return (
    <form
      className="flex max-w-md flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({ body: { handle } });
      }}
    >
      <TextField
        label="Your handle (your page is /@handle)"
        value={handle}
        maxLength={31}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setHandle(event.target.value);
        }}
        error={handleErrorOf(change.error)}
      />
      <Button variant="secondary" type="submit" className="self-start" pending={change.isPending}>
        {current ? 'Change handle' : 'Choose handle'}
      </Button>
      {current && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          After a change, your old handle keeps leading to your page for 30 days.
        </p>
      )}
    </form>
  );
}

/** /creator/media-kit: the kit's handle, whether it is public, and where to go next. */
export function MediaKitPage() {
  const kit = useMediaKit();
  const publish = usePublishMediaKit();
  if (kit.isPending) return <LoadingIndicator label="Loading your media kit…" />;
  if (kit.isError) return <QueryProblem error={kit.error} what="your media kit" />;
  const { handle, published, packages } = kit.data;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Media kit"
        description="Your public page for brands: who you are, your audience and your rate card. Brands can read it without signing in."
      />
      <section aria-labelledby="kit-status" className="flex flex-col gap-3">
        <h2 id="kit-status" className="text-lg font-semibold">
          Your page{' '}
          <StatusBadge tone={published ? 'success' : 'neutral'}>
            {published ? 'Published' : 'Not published'}
          </StatusBadge>
        </h2>
        {handle && published && (
          <p>
            <a
              className="font-medium text-indigo-800 underline dark:text-indigo-200"
              href={publicPageUrl(handle)}
              target="_blank"
              rel="noopener"
            >
              {publicPageUrl(handle)}
            </a>
          </p>
        )}
        <p className="text-slate-700 dark:text-slate-300">
          {packages.length} package{packages.length === 1 ? '' : 's'} on your rate card.{' '}
          <Link
            className="font-medium text-indigo-800 underline dark:text-indigo-200"
            to={creatorPagePath('media-kit', 'edit')}
          >
            Edit your kit
          </Link>
        </p>
        <Button
          variant={published ? 'secondary' : 'primary'}
          className="self-start"
          disabled={!handle}
          pending={publish.isPending}
          onClick={() => {
            publish.mutate({ body: { published: !published } });
          }}
        >
          {published ? 'Unpublish' : 'Publish'}
        </Button>
        {!handle && <p className="text-sm">Choose a handle before publishing.</p>}
        {publish.isError && (
          <AlertText>
            {messageOf(publish.error, 'Could not change it. Please try again.')}
          </AlertText>
        )}
      </section>
      <section aria-labelledby="kit-handle" className="flex flex-col gap-3">
        <h2 id="kit-handle" className="text-lg font-semibold">
          Handle
        </h2>
        <HandleForm key={handle ?? ''} current={handle} />
      </section>
    </div>
  );
}
