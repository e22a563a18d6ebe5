import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { OPAQUE_AFTER_SCROLL_PX, sectionIds } from '../landing-content';
import { BrandMark } from '@/components/ui/brand-mark';
import { CloseIcon, MenuIcon } from './icons';
import { SectionLink } from './section-link';

const sections = [
  { id: sectionIds.industryIssues, label: 'Industry Issues' },
  { id: sectionIds.videos, label: 'Videos' },
] as const;

const MOBILE_MENU_ID = 'landing-mobile-menu';
const MOBILE_MENU_ITEM =
  'block rounded-lg px-2 py-3 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';

/** The landing page's fixed bar: see-through over the hero, opaque once the page scrolls. */
export function TopBar() {
  const scrolled = useScrolledPast(OPAQUE_AFTER_SCROLL_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const opaque = scrolled || menuOpen;
  const closeMenu = () => {
    setMenuOpen(false);
  };

  return (
    <header
      data-opaque={opaque}
      className={`fixed inset-x-0 top-0 z-30 border-b transition-colors duration-300 ${
        opaque
          ? 'border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-950'
          : 'border-transparent bg-transparent'
      }`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        closeMenu();
        menuToggle.current?.focus();
      }}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white"
        >
          <BrandMark />
          {brand.name}
        </Link>
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-8">
            {sections.map((section) => (
              <li key={section.id}>
                <SectionLink
                  sectionId={section.id}
                  className="text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-200 dark:hover:text-indigo-300"
                >
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link
            to={paths.login}
            className="hidden rounded-full px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-indigo-700 sm:inline-flex dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-indigo-300"
          >
            Sign in
          </Link>
          <Link
            to={paths.waitlist}
            className="rounded-full bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
          >
            Join Waitlist
          </Link>
          <button
            ref={menuToggle}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => {
              setMenuOpen(!menuOpen);
            }}
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <div id={MOBILE_MENU_ID} className="md:hidden">
        {menuOpen && (
          <div className="border-t border-slate-200 px-4 pb-4 dark:border-slate-800">
            <nav aria-label="Sections">
              <ul className="flex flex-col">
                {sections.map((section) => (
                  <li key={section.id}>
                    <SectionLink
                      sectionId={section.id}
                      onNavigate={closeMenu}
                      className={MOBILE_MENU_ITEM}
                    >
                      {section.label}
                    </SectionLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Link to={paths.login} onClick={closeMenu} className={MOBILE_MENU_ITEM}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
