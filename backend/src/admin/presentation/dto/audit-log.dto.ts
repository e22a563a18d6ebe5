import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageOf } from '../../../common/presentation/page.dto.js';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '../../domain/audit-event.js';

export class AuditActorDto {
  @ApiProperty({ description: "The admin's account id" })
  userId!: string;

  @ApiProperty({ description: "The admin's e-mail at the time", example: 'ops@paylock.in' })
  email!: string;
}

export class AuditDetailsDto {
  @ApiProperty({
    required: false,
    description: "An export's filter and sort; a search appears only as its length",
    example: 'status=confirmed&q=(4 characters)&sort=seat&order=asc',
  })
  filter?: string;

  @ApiProperty({ type: 'integer', required: false, description: 'Rows exported' })
  rowCount?: number;

  @ApiProperty({ required: false, description: 'False when the download stopped early' })
  completed?: boolean;

  @ApiProperty({ required: false, format: 'uuid', description: 'The outbox message retried' })
  messageId?: string;

  @ApiProperty({ required: false, format: 'uuid', description: 'The invite wave sent' })
  waveId?: string;

  @ApiProperty({
    required: false,
    enum: ['next', 'selected'],
    description: "How the wave's entries were chosen",
  })
  selection?: 'next' | 'selected';

  @ApiProperty({ type: 'integer', required: false, description: 'Entries invited by the wave' })
  invited?: number;

  @ApiProperty({ type: 'integer', required: false, description: 'Invites the wave re-sent' })
  resent?: number;

  @ApiProperty({ type: 'integer', required: false, description: 'Entries the wave skipped' })
  skipped?: number;

  @ApiProperty({
    required: false,
    description: 'The entry whose invite was revoked (removed once the entry is erased)',
  })
  entryId?: string;

  @ApiProperty({
    type: 'integer',
    required: false,
    description: 'Retention: waitlist entries erased after the retention period',
  })
  erasedEntries?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Retention: records removed after their period, by kind',
    example: { 'outbox-finished': 12, 'outbox-claims': 30 },
  })
  pruned?: Record<string, number>;

  @ApiPropertyOptional({ description: "Disputes: the decided dispute's id" })
  disputeId?: string;

  @ApiPropertyOptional({ description: "Disputes: the milestone's deal" })
  dealId?: string;

  @ApiPropertyOptional({ description: 'Disputes: the milestone' })
  milestoneId?: string;

  @ApiPropertyOptional({
    enum: ['release', 'refund'],
    description: "Disputes: the admin's decision",
  })
  decision?: 'release' | 'refund';

  @ApiPropertyOptional({ description: 'Support: the answered request (its id only)' })
  supportRequestId?: string;
}

export class AuditEventDto {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: AuditActorDto }) actor!: AuditActorDto;
  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' }) action!: AuditAction;
  @ApiProperty({ type: AuditDetailsDto }) details!: AuditDetailsDto;

  static fromDomain(event: AuditEvent): AuditEventDto {
    const { filter, rowCount, completed, messageId } = event.details;
    const { waveId, selection, invited, resent, skipped, entryId } = event.details;
    const { erasedEntries, pruned, disputeId, dealId, milestoneId, decision } = event.details;
    const { supportRequestId } = event.details;
    return Object.assign(new AuditEventDto(), {
      id: event.id,
      at: event.at.toISOString(),
      actor: Object.assign(new AuditActorDto(), event.actor),
      action: event.action,
      details: Object.assign(new AuditDetailsDto(), {
        ...(filter !== undefined && { filter }),
        ...(rowCount !== undefined && { rowCount }),
        ...(completed !== undefined && { completed }),
        ...(messageId !== undefined && { messageId }),
        ...(waveId !== undefined && { waveId }),
        ...(selection !== undefined && { selection }),
        ...(invited !== undefined && { invited }),
        ...(resent !== undefined && { resent }),
        ...(skipped !== undefined && { skipped }),
        ...(entryId !== undefined && { entryId }),
        ...(erasedEntries !== undefined && { erasedEntries }),
        ...(pruned !== undefined && { pruned: { ...pruned } }),
        ...(disputeId !== undefined && { disputeId }),
        ...(dealId !== undefined && { dealId }),
        ...(milestoneId !== undefined && { milestoneId }),
        ...(decision !== undefined && { decision }),
        ...(supportRequestId !== undefined && { supportRequestId }),
      }),
    });
  }
}

export class AuditLogPageDto extends PageOf(AuditEventDto, { itemsDescription: 'Newest first' }) {}
