import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';

describe('Button', () => {
  it('is a plain button unless told otherwise, and runs its action', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Keep the deal</Button>);
    const button = screen.getByRole('button', { name: 'Keep the deal' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('reads its pending label and cannot be pressed while its action is on its way', () => {
    render(
      <form>
        <Button type="submit" variant="danger" pending pendingLabel="Declining…">
          Decline the deal
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Declining…' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeDisabled();
  });
});
