import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PackageRequestDto } from '@/api/generated/types.gen';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { creatorSectionPath } from '@/config/paths';
import { messageOf } from '@/lib/api-error';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  useAcceptRequest,
  useDeclineRequest,
  usePackageRequests,
} from '../api/package-request-queries';

/** The deal editor of the contracts section, on a deal (features/deals routes it). */
const dealEditorPath = (dealId: string): string =>
  `${creatorSectionPath('contracts')}/${encodeURIComponent(dealId)}/edit`;

const STATES: Record<PackageRequestDto['state'], { label: string; tone: StatusTone }> = {
  requested: { label: 'Waiting for you', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
};

function Answer({ request }: { request: PackageRequestDto }) {
  const navigate = useNavigate();
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const failure = accept.error ?? decline.error;
  const path = { requestId: request.id };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          pending={accept.isPending}
          pendingLabel="Drafting…"
          onClick={() => {
            accept.mutate(
              { path },
              {
                onSuccess: (accepted) => {
                  if (accepted.dealId) void navigate(dealEditorPath(accepted.dealId));
                },
              },
            );
          }}
        >
          Accept and draft the deal
        </Button>
        {!declining && (
          <Button
            variant="secondary"
            onClick={() => {
              setDeclining(true);
            }}
          >
            Decline
          </Button>
        )}
      </div>
      {declining && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate({ path, body: reason.trim() ? { reason } : {} });
          }}
        >
          <TextField
            label="Reason (optional, sent to the brand)"
            value={reason}
            maxLength={500}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
          <Button
            type="submit"
            variant="danger"
            className="self-start"
            pending={decline.isPending}
            pendingLabel="Declining…"
          >
            Decline the request
          </Button>
        </form>
      )}
      {failure && (
        <AlertText>{messageOf(failure, 'That did not work. Please try again.')}</AlertText>
      )}
    </div>
  );
}

function RequestCard({ request }: { request: PackageRequestDto }) {
  const state = STATES[request.state];
  const item = request.package;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {request.brand.companyName}: “{item.title}”
        </h2>
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {request.brand.contactName} · {request.brand.contactEmail} · {request.brand.contactMobile}
        {request.brand.signedIn ? ' (brand account)' : ' (mobile verified by SMS)'} · received{' '}
        {formatDateTime(request.requestedAt)}
      </p>
      <p>
        {formatMoney(item.pricePaise)} · from {request.startDate} to {request.endDate}
      </p>
      <p className="whitespace-pre-line">{request.brief}</p>
      {request.state === 'requested' && <Answer request={request} />}
      {request.state === 'accepted' && request.dealId && (
        <Link
          className="self-start font-medium text-indigo-800 underline dark:text-indigo-200"
          to={dealEditorPath(request.dealId)}
        >
          Open the deal draft
        </Link>
      )}
      {request.state === 'declined' && request.declineReason && (
        <p className="text-sm">Your reason: {request.declineReason}</p>
      )}
    </li>
  );
}

/** /creator/media-kit/requests: brands' requests for packages, newest first, 20 a page. */
export function PackageRequestsPage() {
  // The cursors of the pages before the one shown (the first page has none).
  const [cursors, setCursors] = useState<string[]>([]);
  const requests = usePackageRequests(cursors.at(-1));
  if (requests.isPending) return <LoadingIndicator label="Loading your requests…" />;
  if (requests.isError) return <QueryProblem error={requests.error} what="your requests" />;
  const { items, nextCursor } = requests.data;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <PageHeader
        title="Package requests"
        description="Brands who asked for a package from your public page. Accept one to start a deal draft with the package’s deliverables, price and milestones; edit it and send it as any deal."
      />
      {items.length === 0 ? (
        <EmptyState title="No requests yet">
          Share your public page: brands request a package from its rate card.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        {cursors.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => {
              setCursors((current) => current.slice(0, -1));
            }}
          >
            Newer requests
          </Button>
        )}
        {nextCursor && (
          <Button
            variant="secondary"
            onClick={() => {
              setCursors((current) => [...current, nextCursor]);
            }}
          >
            Older requests
          </Button>
        )}
      </div>
    </div>
  );
}
