import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WaitlistFilters } from '../components/waitlist-filters';
import type { WaitlistQuery } from '../waitlist-query';

// Events are fired directly: with fake timers, Testing Library's user-event would wait forever.
describe('WaitlistFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once the typist pauses, over the filters as they are then', () => {
    const onChange = vi.fn<(next: WaitlistQuery) => void>();
    const { rerender } = render(
      <WaitlistFilters query={{ userType: ['influencer'] }} onChange={onChange} />,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: '@meera' },
    });
    // A filter changes while the search waits: the search keeps it.
    rerender(
      <WaitlistFilters
        query={{ userType: ['influencer'], status: ['confirmed'] }}
        onChange={onChange}
      />,
    );
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      userType: ['influencer'],
      status: ['confirmed'],
      q: '@meera',
    });
  });

  it('clears every filter for good, even while the address still shows the old ones', () => {
    const onChange = vi.fn<(next: WaitlistQuery) => void>();
    // The address has not caught up with the click yet (a slow render): the query stays as it was.
    render(
      <WaitlistFilters query={{ userType: ['influencer'], q: '@Meera.K' }} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({});
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('a search typed just before "Clear filters" does not bring the filters back', () => {
    const onChange = vi.fn<(next: WaitlistQuery) => void>();
    render(<WaitlistFilters query={{ userType: ['brand'] }} onChange={onChange} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'asha' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({});
  });
});
