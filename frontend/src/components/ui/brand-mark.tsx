/** The brand mark: a padlock with a tick on it. Decorative: name the link or text it stands in. */
export function BrandMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="9" className="fill-indigo-600 dark:fill-indigo-500" />
      <path
        d="M11 14v-3a5 5 0 0 1 10 0v3"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <rect x="8" y="14" width="16" height="11" rx="3" fill="white" />
      <path
        d="m12.5 19.5 2.5 2.5 4.5-5"
        fill="none"
        stroke="#4f46e5"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
