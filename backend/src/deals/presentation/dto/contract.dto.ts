import { ApiProperty } from '@nestjs/swagger';
import type {
  ContractTemplateView,
  ContractView,
} from '../../application/deal-queries.use-case.js';
import type { AcceptanceRecord, ContractVersion } from '../../domain/deal.js';

export class AcceptanceRecordDto {
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly party!: 'creator' | 'brand';
  @ApiProperty() readonly fullName!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The address proven: the creator's account, or the one the brand's accepting link was mailed to; null when the brand accepted from its phone-verified workspace",
  })
  readonly email!: string | null;
  @ApiProperty({
    enum: ['email', 'account'],
    required: false,
    description: 'How the brand proved itself (absent on older records and the creator’s)',
  })
  readonly channel?: 'email' | 'account';
  @ApiProperty({
    required: false,
    description: "The brand account's verified mobile (ten digits), for a workspace acceptance",
  })
  readonly mobile?: string;
  @ApiProperty({
    required: false,
    description: "The brand account's id, for a workspace acceptance",
  })
  readonly brandAccountId?: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty() readonly ip!: string;
  @ApiProperty() readonly userAgent!: string;
  @ApiProperty({ pattern: '^[a-f0-9]{64}$' }) readonly documentSha256!: string;

  static of(record: AcceptanceRecord): AcceptanceRecordDto {
    return Object.assign(new AcceptanceRecordDto(), { ...record, at: record.at.toISOString() });
  }
}

export class ContractVersionDto {
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty() readonly templateVersion!: string;
  @ApiProperty({ pattern: '^[a-f0-9]{64}$', description: 'SHA-256 of the PDF sent to the brand' })
  readonly sha256!: string;
  @ApiProperty({ format: 'date-time' }) readonly renderedAt!: string;
  @ApiProperty({ type: AcceptanceRecordDto }) readonly creatorAcceptance!: AcceptanceRecordDto;
  @ApiProperty({ type: AcceptanceRecordDto, nullable: true })
  readonly brandAcceptance!: AcceptanceRecordDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the signed PDF (with the audit trail)',
  })
  readonly signedSha256!: string | null;

  static of(version: ContractVersion): ContractVersionDto {
    return Object.assign(new ContractVersionDto(), {
      version: version.version,
      templateVersion: version.templateVersion,
      sha256: version.sha256,
      renderedAt: version.renderedAt.toISOString(),
      creatorAcceptance: AcceptanceRecordDto.of(version.creatorAcceptance),
      brandAcceptance: version.brandAcceptance
        ? AcceptanceRecordDto.of(version.brandAcceptance)
        : null,
      signedSha256: version.signedSha256,
    });
  }
}

export class ContractDto {
  @ApiProperty({ type: 'integer' }) readonly version!: number;
  @ApiProperty() readonly templateVersion!: string;
  @ApiProperty({
    description: 'The contract as an HTML fragment; every user text in it is escaped',
  })
  readonly html!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'SHA-256 of the PDF; null for a draft preview',
  })
  readonly sha256!: string | null;
  @ApiProperty({ description: 'True for a draft: rendered for preview, nothing fixed yet' })
  readonly preview!: boolean;

  static of(view: ContractView): ContractDto {
    return Object.assign(new ContractDto(), {
      version: view.version,
      templateVersion: view.templateVersion,
      html: view.html,
      sha256: view.sha256,
      preview: view.preview,
    });
  }
}

export class ContractTemplateDto {
  @ApiProperty({ example: '2026-11-25.1' }) readonly version!: string;
  @ApiProperty({ description: 'The template text, placeholders written {{name}}' })
  readonly text!: string;

  static of(view: ContractTemplateView): ContractTemplateDto {
    return Object.assign(new ContractTemplateDto(), view);
  }
}
