import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../theme/use-theme';

/** Switches between light and dark; the initial 'system' choice follows the OS until then. */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  const Icon = resolvedTheme === 'dark' ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={() => {
        setTheme(next);
      }}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
