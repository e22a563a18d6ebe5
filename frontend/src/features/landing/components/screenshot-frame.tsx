import type { ReactNode } from 'react';

/**
 * A screenshot drawn for the landing page (a chat, a post): one image to assistive technology,
 * named by its summary, on a phone-card frame.
 */
export function ScreenshotFrame({
  summary,
  className,
  children,
}: {
  summary: string;
  /** Added to the frame: how its content is laid out. */
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      role="img"
      aria-label={summary}
      className={`w-full max-w-sm rounded-3xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      {children}
    </div>
  );
}

interface ScreenshotAuthorProps {
  initials: string;
  name: string;
  /** The line under the name (a role, a handle and a time). */
  detail: ReactNode;
  /** Added to the row: its background and text colour, which the name takes. */
  className: string;
  /** The avatar's size and colours. */
  avatarClassName: string;
  detailClassName: string;
}

/** Who speaks in a screenshot: a round avatar with initials, beside the name and a second line. */
export function ScreenshotAuthor({
  initials,
  name,
  detail,
  className,
  avatarClassName,
  detailClassName,
}: ScreenshotAuthorProps) {
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <span className={`flex items-center justify-center rounded-full text-sm ${avatarClassName}`}>
        {initials}
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-semibold">{name}</span>
        <span className={`text-xs ${detailClassName}`}>{detail}</span>
      </span>
    </div>
  );
}
