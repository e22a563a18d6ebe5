import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setPrefersDark } from '@/testing/match-media';
import { ThemeToggle } from '../../ui/theme-toggle';
import { ThemeProvider } from '../theme-provider';

const root = document.documentElement;

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('ThemeProvider', () => {
  it('follows the operating system by default, live', () => {
    renderToggle();
    expect(root).toHaveClass('light');
    expect(root).toHaveAttribute('data-theme', 'light');

    act(() => {
      setPrefersDark(true);
    });
    expect(root).toHaveClass('dark');
    expect(root).not.toHaveClass('light');
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('vite-ui-theme')).toBeNull();
  });

  it('applies and remembers the theme the visitor picks', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(root).toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');

    // An explicit choice no longer follows the OS.
    act(() => {
      setPrefersDark(false);
    });
    expect(root).toHaveClass('dark');
  });

  it('starts from the remembered theme', () => {
    localStorage.setItem('vite-ui-theme', 'dark');
    renderToggle();
    expect(root).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('vite-ui-theme', 'purple');
    setPrefersDark(true);
    renderToggle();
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('returns to following the operating system on the third press', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(root).toHaveClass('light');
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to system theme' }));
    expect(localStorage.getItem('vite-ui-theme')).toBe('system');
    act(() => {
      setPrefersDark(true);
    });
    expect(root).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
