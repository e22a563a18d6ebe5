import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BrandReviewDto } from '@/api/generated/types.gen';
import { Toaster } from '@/components/ui/toaster';
import { apiUrl, server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { BrandReviewPage } from '../components/brand-review-page';
import { dealMoney, milestoneMoney, TOKEN } from './money-fixtures';

type Body = Record<string, unknown>;

const REVIEW: BrandReviewDto = {
  dealId: 'd1',
  title: 'Diwali reel',
  state: 'sent',
  version: 1,
  creatorName: 'Asha Rao',
  brief: '',
  campaign: null,
  approvalWindowDays: 7,
  revisionRounds: 2,
  totalPaise: 1_25_000_00,
  linkExpiresAt: '2026-12-20T00:00:00.000Z',
  brand: {
    companyName: 'Chai Point',
    contactName: 'Meera Iyer',
    contactEmail: 'meera@chai.example',
    contactMobile: '9876543210',
    billing: null,
  },
  deliverables: [],
  milestones: [milestoneMoney()],
  contract: {
    html: '<article class="contract"><h1>Contract</h1></article>',
    preview: false,
    sha256: 'ab'.repeat(32),
    templateVersion: '2026-11-25.2',
    version: 1,
  },
};

const BAD_GSTIN = {
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  message: 'Validation failed',
  errors: { gstin: 'gstin must be a valid 15-character GSTIN (check character included)' },
  requestId: 'r',
};

function serveReview() {
  const accepts: Body[] = [];
  server.use(
    http.post(apiUrl('/api/v1/deal-review/open'), () => HttpResponse.json(REVIEW)),
    http.post(apiUrl('/api/v1/deal-review/milestones'), () =>
      HttpResponse.json(dealMoney([milestoneMoney()])),
    ),
    http.post(apiUrl('/api/v1/deal-review/accept'), async ({ request }) => {
      const body = (await request.json()) as Body;
      accepts.push(body);
      if (body.gstin === '27AAACR5055K1Z8') return HttpResponse.json(BAD_GSTIN, { status: 400 });
      return HttpResponse.json({
        dealId: 'd1',
        state: 'accepted',
        version: 1,
        documentSha256: 'ab'.repeat(32),
      });
    }),
  );
  return accepts;
}

async function openAcceptStep() {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/deal-review?token=${TOKEN}`]}>
      <BrandReviewPage />
      <Toaster />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept' }));
  await user.type(screen.getByLabelText('Your full name'), 'Meera Iyer');
  await user.click(screen.getByLabelText('I agree to the contract above'));
  return user;
}

describe('the brand’s billing details on the accept step', () => {
  it('accepts without them: neither field is sent', async () => {
    const accepts = serveReview();
    const user = await openAcceptStep();
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contract accepted' }),
    ).toBeVisible();
    expect(accepts).toEqual([{ token: TOKEN, fullName: 'Meera Iyer', agreed: true }]);
  });

  it('sends the GSTIN upper-cased and the address; a GSTIN the server refuses is shown on its field', async () => {
    const accepts = serveReview();
    const user = await openAcceptStep();
    const gstin = screen.getByLabelText("Your company's GSTIN (optional)");
    const address = screen.getByLabelText('Billing address (optional)');

    await user.type(gstin, '27AAACR');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(
      await screen.findByText('GSTIN must be 15 characters, like 27ABCDE1234F1Z5'),
    ).toBeVisible();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(accepts).toHaveLength(0);

    await user.clear(gstin);
    await user.type(gstin, '27aaacr5055k1z8');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect((await screen.findAllByText(/check character included/)).length).toBeGreaterThan(0);
    expect(gstin).toHaveAttribute('aria-invalid', 'true');

    await user.clear(gstin);
    await user.type(gstin, '27aaacr5055k1z7');
    await user.type(address, '4th Floor, Glow House{Enter}Lower Parel, Mumbai');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contract accepted' }),
    ).toBeVisible();
    expect(accepts.at(-1)).toEqual({
      token: TOKEN,
      fullName: 'Meera Iyer',
      agreed: true,
      gstin: '27AAACR5055K1Z7',
      billingAddress: '4th Floor, Glow House\nLower Parel, Mumbai',
    });
  });
});
