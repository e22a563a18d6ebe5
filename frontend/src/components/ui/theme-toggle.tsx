import { Monitor, Moon, Sun } from 'lucide-react';
import type { ResolvedTheme, Theme } from '../theme/theme-context';
import { useTheme } from '../theme/use-theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

const opposite = (theme: ResolvedTheme): ResolvedTheme => (theme === 'dark' ? 'light' : 'dark');

/**
 * The three theme options of the specification in one button. Each press changes what is seen
 * until the last, which returns to following the operating system: from 'system' to the other
 * look, then to the system's own look chosen explicitly, then back to 'system'.
 */
function nextTheme(theme: Theme, systemTheme: ResolvedTheme): Theme {
  if (theme === 'system') return opposite(systemTheme);
  return theme === systemTheme ? 'system' : systemTheme;
}

export function ThemeToggle() {
  const { theme, systemTheme, setTheme } = useTheme();
  const next = nextTheme(theme, systemTheme);
  const Icon = ICONS[next];
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
