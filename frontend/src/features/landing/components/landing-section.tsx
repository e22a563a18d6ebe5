import type { ReactNode } from 'react';

interface LandingSectionProps {
  /** The section's id, the in-page links' target; its heading gets `<id>-title`. */
  id: string;
  title: string;
  /** The paragraph under the heading. */
  intro: ReactNode;
  /** Added to the section: its background. */
  className?: string;
  /** The space between the heading block and each part below it. */
  gap: 'gap-10' | 'gap-12';
  children: ReactNode;
}

/**
 * A landing page section the top bar links to: focusable (the section links move focus there),
 * named by its centred heading and introduction, its parts below them.
 */
export function LandingSection({
  id,
  title,
  intro,
  className,
  gap,
  children,
}: LandingSectionProps) {
  const titleId = `${id}-title`;
  const sectionClass = 'scroll-mt-16 px-4 py-20 outline-none sm:px-6';
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={className ? `${sectionClass} ${className}` : sectionClass}
    >
      <div className={`mx-auto flex max-w-6xl flex-col ${gap}`}>
        <div className="mx-auto flex max-w-2xl flex-col gap-4 text-center">
          <h2
            id={titleId}
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            {title}
          </h2>
          <p className="text-lg text-slate-700 dark:text-slate-300">{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
