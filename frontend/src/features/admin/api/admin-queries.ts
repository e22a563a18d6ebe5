import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getDisputeOptions,
  getReconciliationOptions,
  listAdminNotificationsOptions,
  nudgeBrandMutation,
  listDisputesOptions,
  resolveDisputeMutation,
  getWaitlistEntryOptions,
  getWaitlistOverviewOptions,
  getWaitlistOverviewQueryKey,
  inviteNextMutation,
  inviteSelectedMutation,
  listInviteWavesOptions,
  listInviteWavesQueryKey,
  listWaitlistEntriesQueryKey,
  revokeEntryInviteMutation,
  listAuditLogOptions,
  listAuditLogQueryKey,
  listOutboxMessagesOptions,
  listOutboxMessagesQueryKey,
  listWaitlistEntriesOptions,
  retryOutboxMessageMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { exportWaitlist } from '@/api/generated/sdk.gen';
import type { OutboxStatus } from '@/api/generated/types.gen';
import { saveFileAnswer } from '@/lib/download-blob';
import type { WaitlistQuery } from '../waitlist-query';

/** One page of the waitlist table; the previous page stays on screen while the next loads. */
export function useWaitlistEntries(query: WaitlistQuery) {
  return useQuery({ ...listWaitlistEntriesOptions({ query }), placeholderData: keepPreviousData });
}

/** One entry with its history, for the detail drawer (only while an entry is open). */
export function useWaitlistEntry(id: string | null) {
  return useQuery({ ...getWaitlistEntryOptions({ path: { id: id ?? '' } }), enabled: id !== null });
}

export function useWaitlistOverview() {
  return useQuery(getWaitlistOverviewOptions());
}

export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(page: number) {
  return useQuery({
    ...listAuditLogOptions({ query: { page, pageSize: AUDIT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export const MAIL_PAGE_SIZE = 25;
const MAIL_REFRESH_MS = 2_000;

/** One page of the outbox, one status or all; the previous page stays on screen while the next loads. */
export function useOutboxMessages(status: OutboxStatus | undefined, page: number) {
  return useQuery({
    ...listOutboxMessagesOptions({
      query: { ...(status !== undefined && { status }), page, pageSize: MAIL_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
    // While a message on screen is on its way, the list follows it to sent or failed.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'sending')
        ? MAIL_REFRESH_MS
        : false,
  });
}

/** Queues a failed message again; the outbox list and the audit log are read anew afterwards. */
export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryOutboxMessageMutation(),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listOutboxMessagesQueryKey() }),
        queryClient.invalidateQueries({ queryKey: listAuditLogQueryKey() }),
      ]);
    },
  });
}

export class ExportFailedError extends Error {}

/**
 * Downloads the CSV of the current filter. The server streams it; the browser needs the bearer
 * token, so the file is fetched by the client and handed to the browser as a download.
 */
export function useExportWaitlist() {
  return useMutation({
    mutationFn: async (query: Omit<WaitlistQuery, 'page' | 'pageSize'>) => {
      const answer = await exportWaitlist({ query, parseAs: 'blob' });
      return saveFileAnswer(
        answer,
        'paylock-waitlist.csv',
        () =>
          new ExportFailedError(answer.error?.message ?? 'The export failed. Please try again.'),
      );
    },
  });
}

/** Each invite wave with its funnel (invited, pending, redeemed, expired, revoked). */
export function useInviteWaves() {
  return useQuery(listInviteWavesOptions());
}

/** After a wave or a revocation: the table, the overview, the funnel and the audit log anew. */
function useInvalidateAfterInvites() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [
        listWaitlistEntriesQueryKey(),
        getWaitlistOverviewQueryKey(),
        listInviteWavesQueryKey(),
        listAuditLogQueryKey(),
        // Every open entry, whatever its id (keys match on the parts given).
        [{ _id: 'getWaitlistEntry' }],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/** "Invite next N": confirmed entries in seat order. */
export function useInviteNext() {
  const invalidate = useInvalidateAfterInvites();
  return useMutation({ ...inviteNextMutation(), onSettled: invalidate });
}

/** "Invite selected": invited ones get their invite re-sent. */
export function useInviteSelected() {
  const invalidate = useInvalidateAfterInvites();
  return useMutation({ ...inviteSelectedMutation(), onSettled: invalidate });
}

export function useRevokeInvite() {
  const invalidate = useInvalidateAfterInvites();
  return useMutation({ ...revokeEntryInviteMutation(), onSettled: invalidate });
}

export const DISPUTES_PAGE_SIZE = 25;

/** One page of disputes, open ones first. */
export function useDisputes(page: number) {
  return useQuery({
    ...listDisputesOptions({ query: { page, pageSize: DISPUTES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

const RELEASE_REFRESH_MS = 2_000;

/** One dispute with its milestone and history; followed while a decision is being carried out. */
export function useDispute(disputeId: string) {
  return useQuery({
    ...getDisputeOptions({ path: { disputeId } }),
    refetchInterval: (query) => {
      const state = query.state.data?.milestone.state;
      const decided = query.state.data?.dispute.resolution != null;
      return decided && (state === 'disputed' || state === 'approved') ? RELEASE_REFRESH_MS : false;
    },
  });
}

/** Release or refund: the list, the dispute, the overview and the audit log are read anew. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    ...resolveDisputeMutation(),
    onSettled: async () => {
      await Promise.all(
        [[{ _id: 'listDisputes' }], [{ _id: 'getDispute' }], listAuditLogQueryKey()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** The last reconciliation of the ledger against the gateway (the overview shows differences). */
export function useReconciliation() {
  return useQuery(getReconciliationOptions());
}

export const WAITING_PAGE_SIZE = 25;

/** One page of the admins' notices (stuck milestones, disputes), newest first, by cursor. */
export function useAdminNotices(cursor: string | undefined) {
  return useQuery({
    ...listAdminNotificationsOptions({
      query: { limit: WAITING_PAGE_SIZE, ...(cursor !== undefined && { cursor }) },
    }),
    placeholderData: keepPreviousData,
  });
}

/** An admin's personal nudge to a deal's brand (one a deal a day); the audit log is read anew. */
export function useNudgeBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    ...nudgeBrandMutation(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listAuditLogQueryKey() }),
  });
}
