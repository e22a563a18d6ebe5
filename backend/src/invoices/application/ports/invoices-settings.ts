import type { GstRates } from '../../domain/gst.js';

/** The invoices' settings: the GST rate is configuration, not law written into code. */
export class InvoicesSettings {
  constructor(readonly gstRates: GstRates) {}
}
