import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { renderWithProviders } from '@/testing/render';
import { DealForm } from '../components/deal-form';
import type { DealTermsBody } from '../deal-terms';
import { emptyDealForm, indianToday } from '../deal-schema';

function renderForm(onSubmit = vi.fn<(terms: DealTermsBody) => void>()) {
  renderWithProviders(
    <DealForm
      defaultValues={emptyDealForm}
      submitLabel="Save draft"
      pendingLabel="Saving…"
      isPending={false}
      onSubmit={(terms) => {
        onSubmit(terms);
      }}
    />,
  );
  return onSubmit;
}

const milestone = (number: number) =>
  screen.getByRole('group', { name: `Milestone ${String(number)}` });
const total = () => screen.getByText('Deal total').nextElementSibling;

const tomorrow = () => {
  const day = new Date(`${indianToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

describe('DealForm', () => {
  it('adds the milestone amounts up live, in Indian notation', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(total()).toHaveTextContent('₹0.00');

    await user.type(within(milestone(1)).getByLabelText('Amount (₹)'), '100000');
    expect(total()).toHaveTextContent('₹1,00,000.00');

    await user.click(screen.getByRole('button', { name: 'Add milestone' }));
    await user.click(screen.getByRole('button', { name: 'Add milestone' }));
    await user.type(within(milestone(2)).getByLabelText('Amount (₹)'), '25,000.50');
    await user.type(within(milestone(3)).getByLabelText('Amount (₹)'), '24999.50');
    expect(total()).toHaveTextContent('₹1,50,000.00');

    await user.click(screen.getByRole('button', { name: 'Remove milestone 2' }));
    expect(total()).toHaveTextContent('₹1,24,999.50');
  });

  it('shows the amount in Indian grouping once the field is left', async () => {
    const user = userEvent.setup();
    renderForm();
    const amount = within(milestone(1)).getByLabelText('Amount (₹)');
    await user.type(amount, '1250000');
    await user.tab();
    expect(amount).toHaveValue('12,50,000');
  });

  it('names every missing field, sends nothing and says what to fix', async () => {
    const user = userEvent.setup();
    const toast = vi.spyOn(notify, 'error');
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(
      'Company name is required',
    );
    expect(screen.getByLabelText('Contact e-mail')).toHaveAccessibleDescription(
      'Contact e-mail is required',
    );
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(milestone(1)).getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Amount is required',
    );
    expect(within(milestone(1)).getByLabelText('Due date')).toHaveAccessibleDescription(
      'Due date is required',
    );
    expect(toast).toHaveBeenCalledWith('Please fix the form errors and try again!');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses amounts that are not rupees or out of range, a bad phone and a past date', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(within(milestone(1)).getByLabelText('Amount (₹)'), '12abc');
    await user.type(screen.getByLabelText('Contact mobile'), '12345');
    await user.type(within(milestone(1)).getByLabelText('Due date'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(within(milestone(1)).getByLabelText('Amount (₹)')).toHaveAccessibleDescription(
      'Enter the amount in rupees, like 25,000 or 25,000.50',
    );
    expect(screen.getByLabelText('Contact mobile')).toHaveAccessibleDescription(
      'Please enter a valid 10-digit phone number',
    );
    expect(within(milestone(1)).getByLabelText('Due date')).toHaveAccessibleDescription(
      'Due date cannot be in the past',
    );

    const amount = within(milestone(1)).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '0.50');
    expect(amount).toHaveAccessibleDescription('Amount must be between ₹1 and ₹1,00,00,000');
    await user.clear(amount);
    await user.type(amount, '1,00,00,001');
    expect(amount).toHaveAccessibleDescription('Amount must be between ₹1 and ₹1,00,00,000');
  });

  it('asks for a GSTIN only when GST applies, and checks its shape', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByLabelText('Your GSTIN')).toBeNull();
    await user.click(screen.getByLabelText('GST applies to this deal'));
    await user.type(screen.getByLabelText('Your GSTIN'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByLabelText('Your GSTIN')).toHaveAccessibleDescription(
      'GSTIN must be 15 characters, like 27ABCDE1234F1Z5',
    );
  });

  it('sends the terms with amounts in paise and their sum as the total', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('Company name'), 'Chai Point');
    await user.type(screen.getByLabelText('Contact name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('Contact e-mail'), 'meera@chaipoint.example');
    await user.type(screen.getByLabelText('Contact mobile'), '98765 43210');
    await user.type(screen.getByLabelText('Title'), 'Diwali reel');
    const deliverable = screen.getByRole('group', { name: 'Deliverable 1' });
    await user.type(within(deliverable).getByLabelText('Due date'), tomorrow());
    await user.type(
      within(deliverable).getByLabelText('Usage rights'),
      'Repost on brand Instagram',
    );
    await user.type(within(milestone(1)).getByLabelText('Milestone name'), 'Reel live');
    await user.type(within(milestone(1)).getByLabelText('What releases it'), 'Reel is live');
    await user.type(within(milestone(1)).getByLabelText('Amount (₹)'), '1,25,000.50');
    await user.type(within(milestone(1)).getByLabelText('Due date'), tomorrow());
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    const terms = onSubmit.mock.calls[0]?.[0];
    expect(terms).toMatchObject({
      title: 'Diwali reel',
      campaign: null,
      brand: { contactMobile: '9876543210', contactEmail: 'meera@chaipoint.example' },
      milestones: [{ name: 'Reel live', amountPaise: 12_500_050, dueDate: tomorrow() }],
      totalPaise: 12_500_050,
      approvalWindowDays: 7,
      revisionRounds: 2,
      gstApplies: false,
      gstin: null,
    });
  });

  it('takes 0 to 5 rounds of changes, 2 unless changed', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const rounds = screen.getByLabelText('Rounds of changes');
    expect(rounds).toHaveValue(2);
    await user.clear(rounds);
    await user.type(rounds, '6');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(rounds).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Rounds of changes must be between 0 and 5')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
