/** A report asked for a range it refuses: each field's message, for the API's 400. */
export class ReportRangeError extends Error {
  constructor(readonly fieldErrors: Readonly<Record<string, string>>) {
    super(Object.values(fieldErrors).join('; '));
  }
}
