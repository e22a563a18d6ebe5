export function LoadingIndicator({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="size-5 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin"
      />
      <span>{label}</span>
    </div>
  );
}
