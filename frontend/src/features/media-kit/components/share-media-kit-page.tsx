import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { creatorSectionPath } from '@/config/paths';
import { publicPageUrl, useMediaKit } from '../api/media-kit-queries';
import { KitPdfDownload } from './kit-pdf-download';

/** The link as a QR code (an SVG image), for print and for phones. */
function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (made) => {
        if (current) setSvg(made);
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  const source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <figure className="flex flex-col items-start gap-2">
      <img
        src={source}
        alt={`QR code of ${url}`}
        width={200}
        height={200}
        className="rounded bg-white"
      />
      <a
        className="font-medium text-indigo-800 underline dark:text-indigo-200"
        href={source}
        download="paylock-media-kit-qr.svg"
      >
        Download the QR code
      </a>
    </figure>
  );
}

/** /creator/media-kit/share: the public page's link, to copy or open, and its QR code. */
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
      <QrCode url={url} />
      <KitPdfDownload />
    </div>
  );
}
