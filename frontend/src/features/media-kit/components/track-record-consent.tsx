/** The consent to show Paylock's track record on the public page (off until the creator ticks it). */
export function TrackRecordConsent({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby="track-record-help"
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
        Show my track record on Paylock
      </label>
      <p id="track-record-help" className="text-sm text-slate-700 dark:text-slate-300">
        Deals completed through Paylock, the share of milestones delivered on or before their due
        date, and payments received via Paylock. Counts only: never amounts or brand names.
      </p>
    </div>
  );
}
