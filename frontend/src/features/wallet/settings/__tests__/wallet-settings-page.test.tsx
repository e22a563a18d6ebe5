import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutProfileRequestDto, PayoutProfileResponseDto } from '@/api/generated/types.gen';
import { renderWithProviders } from '@/testing/render';
import { apiUrl, server } from '@/testing/msw-server';
import { downloadBlob } from '@/lib/download-blob';
import { WalletSettingsPage } from '../components/wallet-settings-page';

vi.mock('@/lib/download-blob', () => ({ downloadBlob: vi.fn() }));

const PROFILE_URL = apiUrl('/api/v1/payout-profile');
const DATA_URL = apiUrl('/api/v1/payout-profile/personal-data');
const IN_FLIGHT =
  'Your payout profile cannot be deleted while milestone money is held for you or on its way to your bank account. You can delete it once every funded milestone is paid out or refunded.';

const NOT_STARTED: PayoutProfileResponseDto = {
  status: 'not_started',
  failureReason: null,
  profile: null,
  steps: [
    { name: 'identity', status: 'not_started' },
    { name: 'bankAccount', status: 'not_started' },
    { name: 'linkedAccount', status: 'not_started' },
    { name: 'upi', status: 'not_started' },
  ],
};

const SAVED: PayoutProfileResponseDto = {
  status: 'pending',
  failureReason: null,
  profile: {
    revision: 1,
    legalName: 'Asha Rao',
    maskedPan: '•••••1234•',
    phone: '9876543210',
    payoutMethod: 'bank_account',
    maskedDestination: 'HDFC0000001 ••••6789',
    ifsc: 'HDFC0000001',
    bankName: 'HDFC Bank',
    maskedAccountNumber: '••••6789',
    upiId: null,
    gstin: null,
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
  steps: [
    { name: 'identity', status: 'pending' },
    { name: 'bankAccount', status: 'pending' },
    { name: 'linkedAccount', status: 'pending' },
    { name: 'upi', status: 'not_started' },
  ],
};

const SAVED_UPI: PayoutProfileResponseDto = {
  status: 'verified',
  failureReason: null,
  profile: {
    revision: 1,
    legalName: 'Nandini Rao',
    maskedPan: '•••••1234•',
    phone: '9876543210',
    payoutMethod: 'upi',
    maskedDestination: 'na••••@okbank',
    ifsc: null,
    bankName: null,
    maskedAccountNumber: null,
    upiId: 'nandini@okbank',
    gstin: null,
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
  steps: [
    { name: 'identity', status: 'verified' },
    { name: 'bankAccount', status: 'not_started' },
    { name: 'linkedAccount', status: 'verified' },
    { name: 'upi', status: 'verified' },
  ],
};

function answering(profile: PayoutProfileResponseDto) {
  server.use(http.get(PROFILE_URL, () => HttpResponse.json(profile)));
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Legal name (as on your PAN)'), 'Asha Rao');
  await user.type(screen.getByLabelText('PAN'), 'abcpe1234f');
  await user.type(screen.getByLabelText('Mobile number'), '98765 43210');
  await user.click(screen.getByRole('radio', { name: /^Bank account/ }));
  await user.type(screen.getByLabelText('Account number'), '50100123456789');
  await user.type(screen.getByLabelText('Account number again'), '50100123456789');
  await user.type(screen.getByLabelText('IFSC'), 'hdfc0000001');
}

describe('WalletSettingsPage', () => {
  it('shows every step not started before the first save, and asks where to be paid', async () => {
    answering(NOT_STARTED);
    let sent = false;
    server.use(
      http.put(PROFILE_URL, () => {
        sent = true;
        return HttpResponse.json(SAVED);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    const steps = await screen.findByRole('list');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(within(steps).getAllByText('Not started')).toHaveLength(4);
    const choice = screen.getByRole('group', { name: 'Pay me to' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('UPI ID')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(choice).toHaveAccessibleDescription(
      'Choose where to be paid: a bank account or a UPI ID',
    );
    expect(within(choice).getAllByRole('radio')[0]).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(false);
  });

  it('pays to a UPI ID: only that field, checked, sent lower-cased without bank details', async () => {
    answering(NOT_STARTED);
    let body: PayoutProfileRequestDto | undefined;
    server.use(
      http.put(PROFILE_URL, async ({ request }) => {
        body = (await request.json()) as PayoutProfileRequestDto;
        return HttpResponse.json(SAVED_UPI);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    await user.type(await screen.findByLabelText('Legal name (as on your PAN)'), 'Nandini Rao');
    await user.type(screen.getByLabelText('PAN'), 'abcpe1234f');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('radio', { name: /^UPI ID/ }));
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
    const upi = screen.getByLabelText('UPI ID');
    await user.type(upi, 'nandini');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(upi).toHaveAttribute('aria-invalid', 'true');
    expect(upi).toHaveAccessibleDescription('UPI ID must look like name@bank');
    expect(body).toBeUndefined();

    await user.type(upi, '@OkBank');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(await screen.findByRole('heading', { name: 'Saved details' })).toBeVisible();
    expect(body).toEqual({
      legalName: 'Nandini Rao',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      payoutMethod: 'upi',
      accountNumber: null,
      accountNumberConfirmation: null,
      ifsc: null,
      upiId: 'nandini@okbank',
    });
    expect(screen.getByText('UPI ID nandini@okbank')).toBeVisible();
    expect(screen.getByRole('radio', { name: /^UPI ID/ })).toBeChecked();
  });

  it('checks the fields before sending: PAN holder type, account numbers twice, IFSC', async () => {
    answering(NOT_STARTED);
    let sent = false;
    server.use(
      http.put(PROFILE_URL, () => {
        sent = true;
        return HttpResponse.json(SAVED);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    await user.type(await screen.findByLabelText('PAN'), 'ABCDE1234F');
    await user.click(screen.getByRole('radio', { name: /^Bank account/ }));
    await user.type(screen.getByLabelText('Account number'), '50100123456789');
    await user.type(screen.getByLabelText('Account number again'), '50100123456780');
    await user.type(screen.getByLabelText('IFSC'), 'HDFC1000001');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));

    expect(screen.getByLabelText('Legal name (as on your PAN)')).toHaveAccessibleDescription(
      'Legal name is required',
    );
    expect(screen.getByLabelText('PAN')).toHaveAccessibleDescription(
      "PAN's 4th letter must be one of P, C, H, F, A, T, B, L, J or G",
    );
    expect(screen.getByLabelText('Account number again')).toHaveAccessibleDescription(
      'Account numbers do not match',
    );
    expect(screen.getByLabelText('IFSC')).toHaveAccessibleDescription(
      'IFSC must be 11 characters like HDFC0001234',
    );
    expect(sent).toBe(false);
  });

  it('sends the normalised profile and then shows only masked values', async () => {
    answering(NOT_STARTED);
    let body: PayoutProfileRequestDto | undefined;
    server.use(
      http.put(PROFILE_URL, async ({ request }) => {
        body = (await request.json()) as PayoutProfileRequestDto;
        return HttpResponse.json(SAVED);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    await screen.findByLabelText('PAN');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));

    expect(await screen.findByRole('heading', { name: 'Saved details' })).toBeVisible();
    expect(body).toEqual({
      legalName: 'Asha Rao',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      payoutMethod: 'bank_account',
      accountNumber: '50100123456789',
      accountNumberConfirmation: '50100123456789',
      ifsc: 'HDFC0000001',
      upiId: null,
    });
    expect(screen.getByText('•••••1234•')).toBeVisible();
    expect(screen.getByText('••••6789')).toBeVisible();
    expect(screen.getByText('HDFC0000001 (HDFC Bank)')).toBeVisible();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    // Nothing of the full numbers stays on the page, not even in the form.
    expect(document.body.textContent).not.toContain('ABCPE1234F');
    expect(screen.getByLabelText('PAN')).toHaveValue('');
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(screen.getByLabelText('PAN')).toHaveAttribute('placeholder', 'Saved: •••••1234•');
  });

  it('keeps a saved GSTIN it cannot show (left out of the body) unless removal is ticked', async () => {
    const withGstin = {
      ...SAVED,
      profile: SAVED.profile && { ...SAVED.profile, gstin: '27•••••1234•1Z5' },
    };
    answering(withGstin);
    const bodies: PayoutProfileRequestDto[] = [];
    server.use(
      http.put(PROFILE_URL, async ({ request }) => {
        bodies.push((await request.json()) as PayoutProfileRequestDto);
        return HttpResponse.json(withGstin);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    const gstin = await screen.findByLabelText('GSTIN');
    expect(gstin).toHaveAttribute('placeholder', 'Saved: 27•••••1234•1Z5');
    await user.type(screen.getByLabelText('PAN'), 'abcpe1234f');
    await user.type(screen.getByLabelText('Account number'), '50100123456789');
    await user.type(screen.getByLabelText('Account number again'), '50100123456789');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    await vi.waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).not.toHaveProperty('gstin');

    await user.type(screen.getByLabelText('PAN'), 'abcpe1234f');
    await user.type(screen.getByLabelText('Account number'), '50100123456789');
    await user.type(screen.getByLabelText('Account number again'), '50100123456789');
    await user.click(screen.getByRole('checkbox', { name: 'Remove the saved GSTIN' }));
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    await vi.waitFor(() => {
      expect(bodies).toHaveLength(2);
    });
    expect(bodies[1]).toHaveProperty('gstin', null);
  });

  it("shows the server's message under the field it names", async () => {
    answering(NOT_STARTED);
    server.use(
      http.put(PROFILE_URL, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: {
              ifsc: 'No bank branch has this IFSC. Please check it on your cheque book or passbook',
            },
            requestId: 'r',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<WalletSettingsPage />);
    await screen.findByLabelText('PAN');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(
      await screen.findByText(
        'No bank branch has this IFSC. Please check it on your cheque book or passbook',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('IFSC')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a verified profile and the reason of a failed one', async () => {
    answering({
      ...SAVED,
      status: 'failed',
      failureReason: 'Razorpay needs more information about these details.',
      steps: SAVED.steps.map((step) => ({ ...step, status: 'failed' as const })),
    });
    renderWithProviders(<WalletSettingsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Razorpay needs more information');
    expect(screen.getByRole('heading', { name: 'Change payout details' })).toBeVisible();
  });

  describe('Your payout data', () => {
    it('downloads everything the profile holds as a JSON file', async () => {
      answering(SAVED);
      server.use(
        http.get(DATA_URL, () =>
          HttpResponse.json({
            source: 'Paylock payout profile',
            profile: { pan: 'ABCPE1234F', accountNumber: '50100123456789' },
          }),
        ),
      );
      const user = userEvent.setup();
      renderWithProviders(<WalletSettingsPage />);
      await user.click(await screen.findByRole('button', { name: 'Download my payout data' }));

      await vi.waitFor(() => {
        expect(downloadBlob).toHaveBeenCalledTimes(1);
      });
      const [file, name] = vi.mocked(downloadBlob).mock.calls[0] ?? [];
      expect(name).toBe('paylock-payout-profile-my-data.json');
      expect(await file?.text()).toContain('"pan": "ABCPE1234F"');
    });

    it('asks before deleting, and shows why the deletion was refused while money is in flight', async () => {
      answering(SAVED);
      server.use(
        http.delete(PROFILE_URL, () =>
          HttpResponse.json(
            { statusCode: 409, code: 'PAYOUT_MONEY_IN_FLIGHT', message: IN_FLIGHT, requestId: 'r' },
            { status: 409 },
          ),
        ),
      );
      const user = userEvent.setup();
      renderWithProviders(<WalletSettingsPage />);
      await user.click(await screen.findByRole('button', { name: 'Delete payout profile' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete your payout profile?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(IN_FLIGHT);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Saved details' })).toBeVisible();
    });

    it('deletes the profile once confirmed, and the page starts over', async () => {
      answering(SAVED);
      server.use(
        http.delete(PROFILE_URL, () => {
          answering(NOT_STARTED);
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<WalletSettingsPage />);
      await user.click(await screen.findByRole('button', { name: 'Delete payout profile' }));
      await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));

      expect(await screen.findByRole('heading', { name: 'Payout details' })).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Saved details' })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Delete payout profile' }),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Your payout data' })).toHaveFocus();
    });
  });
});
