import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface SectionLinkProps {
  sectionId: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/**
 * An in-page link that glides to its section (jumps when the visitor prefers reduced motion) and
 * moves keyboard focus there. Without JavaScript it is a plain anchor.
 */
export function SectionLink({ sectionId, className, onNavigate, children }: SectionLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(sectionId);
    if (!section) return;
    event.preventDefault();
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
    void navigate({ hash: sectionId });
    onNavigate?.();
  };
  return (
    <a href={`#${sectionId}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
