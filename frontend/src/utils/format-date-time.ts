const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment from the API (an ISO string) as people in India read it: "5 Mar 2026, 2:30 pm". */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
