import { Injectable } from '@nestjs/common';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  PDF_TITLE_STYLE,
  paylockPdfPage,
  pdfmake,
} from '../../common/infrastructure/pdf-printer.js';
import { type KitDocument, KitPdfRenderer } from '../application/ports/kit-pdf-renderer.js';
import {
  audienceSourceText,
  platformName,
  priceText,
  TRACK_RECORD_NOTE,
  trackRecordLines,
} from '../domain/kit-text.js';
import type { PlatformPresence } from '../domain/media-kit.js';
import type { RatePackage } from '../domain/rate-package.js';

const STYLES: TDocumentDefinitions['styles'] = {
  title: PDF_TITLE_STYLE,
  meta: { margin: [0, 0, 0, 8], color: '#444444' },
  heading: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
  small: { fontSize: 8, color: '#555555', margin: [0, 2, 0, 2] },
};

const indian = (count: number) => count.toLocaleString('en-IN');

function platformContent(item: PlatformPresence): Content {
  const name = `${platformName(item.platform)} · @${item.handle}`;
  const audience = item.audience;
  if (!audience) return { text: name, margin: [0, 2, 0, 2] };
  const note = audience.note ? ` · ${audience.note}` : '';
  return {
    text: [
      { text: name, bold: true },
      `\n${indian(audience.followers)} followers · median ${indian(audience.medianViews)} views${note} `,
      { text: `(${audienceSourceText(audience)})`, italics: true },
    ],
    margin: [0, 2, 0, 4],
  };
}

function packageContent(item: RatePackage): Content {
  const usage = `Usage: ${item.usageRights}${item.usagePeriodDays > 0 ? ` for ${String(item.usagePeriodDays)} days` : ''}`;
  return {
    stack: [
      { text: [{ text: item.title, bold: true }, `  ${priceText(item)}`] },
      `${String(item.quantity)} × ${item.kind} on ${platformName(item.platform)} · delivered in ${String(item.turnaroundDays)} days`,
      usage,
      `Payment in milestones: ${item.milestoneSplit.map(String).join(' / ')}%`,
    ],
    margin: [0, 2, 0, 6],
  };
}

function section(heading: string, body: Content[]): Content[] {
  return body.length === 0 ? [] : [{ text: heading, style: 'heading' }, ...body];
}

/** The kit as a document: who, the bio, the tags, the platforms, the rate card, the record. */
export function mediaKitDefinition(document: KitDocument): TDocumentDefinitions {
  const { kit } = document;
  const who = [document.handle ? `@${document.handle}` : '', kit.city].filter(Boolean).join(' · ');
  const tags = [
    kit.niches.length > 0 ? `Niches: ${kit.niches.join(', ')}` : '',
    kit.languages.length > 0 ? `Languages: ${kit.languages.join(', ')}` : '',
  ].filter(Boolean);
  const content: Content[] = [
    { text: `${document.displayName || 'Creator'} · Media kit`, style: 'title' },
    { text: [who, who ? '\n' : '', `Printed on ${document.printedOn}`], style: 'meta' },
    ...(kit.bio ? [{ text: kit.bio, margin: [0, 0, 0, 6] } as Content] : []),
    ...tags.map((line): Content => ({ text: line })),
    ...section('Audience', document.platforms.map(platformContent)),
    ...section('Rate card', document.packages.map(packageContent)),
    ...(document.trackRecord
      ? section('Track record on Paylock', [
          { ul: trackRecordLines(document.trackRecord) },
          { text: TRACK_RECORD_NOTE, style: 'small' },
        ])
      : []),
    ...section(
      'Portfolio',
      kit.portfolioLinks.map((link): Content => ({ text: link, link, color: '#3730a3' })),
    ),
  ];
  return {
    ...paylockPdfPage(`Media kit ${document.handle ?? ''}`.trim()),
    content,
    styles: STYLES,
  };
}

/** The kit printed by the pdfmake printer every Paylock PDF uses (DejaVu Sans, with ₹). */
@Injectable()
export class PdfmakeMediaKitRenderer extends KitPdfRenderer {
  async render(document: KitDocument): Promise<Uint8Array> {
    return new Uint8Array(await pdfmake.createPdf(mediaKitDefinition(document)).getBuffer());
  }
}
