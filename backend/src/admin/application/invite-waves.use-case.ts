import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  type InviteSelection,
  RevokeInvite,
  SendInvites,
  type WaveResult,
} from '../../invites/invites.contract.js';
import type { AuditActor } from '../domain/audit-event.js';
import { AuditLog } from './ports/audit-log.js';

/** "Invite next N" and "Invite selected": a wave of invites, recorded in the audit log. */
@Injectable()
export class InviteWaitlistEntries {
  constructor(
    private readonly sendInvites: SendInvites,
    private readonly auditLog: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(actor: AuditActor, selection: InviteSelection): Promise<WaveResult> {
    const result = await this.sendInvites.execute(selection, actor.userId);
    if (result.waveId !== null) {
      await this.auditLog.append({
        at: this.clock.now(),
        actor,
        action: 'invite.sent',
        details: {
          waveId: result.waveId,
          selection: selection.kind,
          invited: result.invited,
          resent: result.resent,
          skipped: result.skipped.length,
        },
      });
    }
    return result;
  }
}

/** Withdraws an entry's invite; recorded in the audit log. */
@Injectable()
export class RevokeEntryInvite {
  constructor(
    private readonly revokeInvite: RevokeInvite,
    private readonly auditLog: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Throws InviteNotFoundError or InviteAlreadyRedeemedError (from invites). */
  async execute(actor: AuditActor, entryId: string): Promise<void> {
    await this.revokeInvite.execute(entryId);
    await this.auditLog.append({
      at: this.clock.now(),
      actor,
      action: 'invite.revoked',
      details: { entryId },
    });
  }
}
