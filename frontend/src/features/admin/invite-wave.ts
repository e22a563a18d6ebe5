import type { InviteWaveResultDto } from '../../api/generated/types.gen';

/** The most entries one wave may invite (the server's limit). */
export const MAX_WAVE_SIZE = 1000;

/** "Invited 3 · re-sent 1 · skipped 2", or why nothing was sent. */
export function describeWave(result: InviteWaveResultDto): string {
  const parts = [`Invited ${result.invited}`];
  if (result.resent > 0) parts.push(`re-sent ${result.resent}`);
  if (result.skipped.length > 0) parts.push(`skipped ${result.skipped.length}`);
  if (result.invited === 0 && result.resent === 0) {
    return result.skipped.length > 0
      ? `Nothing sent: ${result.skipped.length} skipped (not confirmed, joined or revoked)`
      : 'Nothing sent: no confirmed entries are waiting for an invite';
  }
  return parts.join(' · ');
}
