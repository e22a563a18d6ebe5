import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { socialProfiles } from '../landing-content';
import { BrandMark } from '@/components/ui/brand-mark';
import { SocialIcon } from './social-icons';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 px-4 py-10 sm:px-6 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 md:flex-row">
        <div className="flex flex-col items-center gap-1 md:items-start">
          <span className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
            <BrandMark className="size-6" />
            {brand.name}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Payment protection for India&apos;s creators.
          </span>
        </div>
        <nav aria-label={`${brand.name} on social media`}>
          <ul className="flex items-center gap-2">
            {socialProfiles.map((profile) => (
              <li key={profile.network}>
                <a
                  href={profile.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${brand.name} on ${profile.network} (opens in a new tab)`}
                  className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-indigo-300"
                >
                  <SocialIcon network={profile.network} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          New here?{' '}
          <Link
            to={paths.register}
            className="font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            Register
          </Link>
        </p>
      </div>
    </footer>
  );
}
