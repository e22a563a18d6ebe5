import type { NoticeSendDto } from '@/api/generated/types.gen';

/** Who reads the timeline: the creator (both sides' sends) or the brand (its own). */
export type SendsViewer = 'creator' | 'brand';

const CHANNELS: Record<NoticeSendDto['channel'], string> = {
  in_app: 'in the app',
  email: 'by e-mail',
  sms: 'by SMS',
};

const STATUSES: Record<NoticeSendDto['status'], string> = {
  delivered: 'delivered',
  queued: 'queued',
  sent: 'sent',
  retrying: 'failed, retrying',
  failed: 'failed',
};

/** One line of a milestone's sends: what, to whom and how, and how it went. */
export interface SendLine {
  readonly key: string;
  readonly title: string;
  readonly how: string;
  readonly status: string;
  readonly failed: boolean;
  readonly at: string;
}

function toWhom(to: NoticeSendDto['to'], viewer: SendsViewer): string {
  if (to === viewer) return 'to you';
  return to === 'brand' ? 'to the brand' : 'to the creator';
}

/** The sends about one milestone (or about the deal as a whole: `null`), oldest first. */
export function sendLinesOf(
  sends: readonly NoticeSendDto[],
  milestoneId: string | null,
  viewer: SendsViewer,
): SendLine[] {
  return sends
    .filter((send) => send.milestoneId === milestoneId)
    .map((send, index) => ({
      key: `${send.kind}:${send.to}:${send.channel}:${send.at}:${String(index)}`,
      title: send.title,
      how: `${toWhom(send.to, viewer)} ${CHANNELS[send.channel]}`,
      status: STATUSES[send.status],
      failed: send.status === 'failed' || send.status === 'retrying',
      at: send.at,
    }));
}
