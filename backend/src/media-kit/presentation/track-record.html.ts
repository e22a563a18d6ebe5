import type { TrackRecord } from '../../insights/insights.contract.js';
import { TRACK_RECORD_NOTE, trackRecordLines } from '../domain/kit-text.js';

/** The page's track-record section; nothing unless the creator consented (a null record). */
export function trackRecordHtml(record: TrackRecord | null): string {
  if (!record) return '';
  const items = trackRecordLines(record)
    .map((line) => `<li>${line}</li>`)
    .join('');
  return `<h2>Track record on Paylock</h2><ul class="tags">${items}</ul><p><small>${TRACK_RECORD_NOTE}</small></p>`;
}
