/** Covers the whole screen while something the user started is in progress. */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4 backdrop-blur-sm"
    >
      <div className="flex items-center gap-3 rounded-xl bg-white px-5 py-4 text-slate-800 shadow-lg dark:bg-slate-900 dark:text-slate-100">
        <span
          aria-hidden="true"
          className="size-5 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin"
        />
        <span className="font-medium">{label}</span>
      </div>
    </div>
  );
}
