import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { Toaster } from '../toaster';

describe('Toaster', () => {
  it('shows success and failure notifications', async () => {
    render(<Toaster />);
    act(() => {
      notify.success('Form submitted successfully');
      notify.error('Submission failed. Please try again.');
    });
    expect(await screen.findByText('Form submitted successfully')).toBeInTheDocument();
    expect(screen.getByText('Submission failed. Please try again.')).toBeInTheDocument();
  });

  it('shows at most 20 notifications at once', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) notify.success(`Toast ${i}`);
    });
    expect(await screen.findByText('Toast 20')).toBeInTheDocument();
    expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20);
    expect(screen.queryByText('Toast 21')).not.toBeInTheDocument();
  });
});
