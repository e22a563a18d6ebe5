/** Route linked accounts: the classic steps (stakeholder, product, settlement account) and the composite call. */
import { isRecord } from '@paylock/dev-http';
import { badRequest, NOT_FOUND_DESCRIPTION } from './errors.ts';
import type { Gateway } from './gateway.ts';
import type { AccountRecord } from './store.ts';
import type {
  AccountStatus,
  RazorpayAccount,
  RazorpayProduct,
  RazorpaySettlementAccount,
  RazorpayStakeholder,
} from './types.ts';
import { EMAIL, flag, IFSC, newId, notesOf, now, PAN, stringOf, VPA } from './values.ts';

export function createAccount(gateway: Gateway, body: Record<string, unknown>): RazorpayAccount {
  const { store } = gateway;
  const email = stringOf(body.email, 'email', 132).toLowerCase();
  if (!EMAIL.test(email)) throw badRequest('The email must be a valid email address.', 'email');
  const phone =
    typeof body.phone === 'string' || typeof body.phone === 'number' ? String(body.phone) : '';
  if (!/^\d{8,15}$/.test(phone)) throw badRequest('The phone format is invalid.', 'phone');
  if ((body.type ?? 'route') !== 'route') throw badRequest('Invalid type: route only', 'type');
  const reference = stringOf(body.reference_id, 'reference_id', 20, false) || null;
  const legalName = stringOf(body.legal_business_name, 'legal_business_name', 200);
  const businessType = stringOf(body.business_type, 'business_type', 40);
  const contactName = stringOf(body.contact_name, 'contact_name', 255);
  const legalInfo = isRecord(body.legal_info) ? body.legal_info : {};
  if (
    legalInfo.pan !== undefined &&
    (typeof legalInfo.pan !== 'string' || !PAN.test(legalInfo.pan))
  ) {
    throw badRequest('The pan field is invalid.', 'legal_info.pan');
  }
  const settlementAccounts = settlementAccountsOf(body.settlement_accounts);
  if (settlementAccounts.length > 0 && flag(body.tnc_accepted) !== true) {
    throw badRequest('The tnc_accepted field is required.', 'tnc_accepted');
  }
  for (const existing of store.accounts.values()) {
    if (existing.account.email === email) {
      throw badRequest(
        `Merchant email already exists for account - ${existing.account.id}`,
        'email',
      );
    }
  }
  const created: RazorpayAccount = {
    id: newId('acc'),
    type: 'route',
    status: 'created',
    email,
    phone,
    reference_id: reference,
    business_type: businessType,
    legal_business_name: legalName,
    customer_facing_business_name:
      stringOf(body.customer_facing_business_name, 'customer_facing_business_name', 255, false) ||
      null,
    contact_name: contactName,
    profile: isRecord(body.profile) ? body.profile : {},
    legal_info: legalInfo,
    notes: notesOf(body.notes),
    activated_at: null,
    live: false,
    hold_funds: false,
    settlement_accounts: settlementAccounts,
    created_at: now(),
  };
  const record: AccountRecord = { account: created, stakeholders: [], products: [] };
  store.accounts.set(created.id, record);
  const destination = settlementAccounts[0];
  if (destination) configureComposite(gateway, record, destination);
  return created;
}

/** Composite mode: the Route product is configured with the settlement account at once. */
function configureComposite(
  gateway: Gateway,
  record: AccountRecord,
  destination: RazorpaySettlementAccount,
): void {
  record.products.push({
    id: newId('acc_prd'),
    account_id: record.account.id,
    product_name: 'route',
    activation_status: 'requested',
    requested_configuration: {},
    active_configuration: {
      settlements:
        destination.method === 'bank_account'
          ? {
              account_number: destination.bank_account.account_number,
              ifsc_code: destination.bank_account.code,
              beneficiary_name: destination.bank_account.beneficiary_name,
            }
          : null,
    },
    requirements: [],
    tnc_accepted: true,
    requested_at: now(),
  });
  activate(gateway, record, gateway.settings.activatedStatus);
}

/** The composite call's `settlement_accounts`: absent, or exactly one UPI VPA or bank account. */
function settlementAccountsOf(value: unknown): RazorpaySettlementAccount[] {
  if (value === undefined || value === null) return [];
  const field = 'settlement_accounts';
  if (!Array.isArray(value) || value.length !== 1 || !isRecord(value[0])) {
    throw badRequest('Exactly one settlement account is required.', field);
  }
  const item = value[0];
  if (item.method === 'upi') {
    const upi = isRecord(item.upi) ? item.upi : {};
    const vpa = typeof upi.vpa === 'string' ? upi.vpa.toLowerCase() : '';
    if (!VPA.test(vpa)) {
      throw badRequest(
        'The VPA address format is invalid. Expected format: username@bankname.',
        `${field}.upi.vpa`,
      );
    }
    return [
      {
        method: 'upi',
        upi: {
          vpa,
          beneficiary_name: stringOf(upi.beneficiary_name, `${field}.upi.beneficiary_name`, 120),
          currency: 'INR',
          is_default: true,
        },
      },
    ];
  }
  if (item.method === 'bank_account') {
    const bank = isRecord(item.bank_account) ? item.bank_account : {};
    const accountNumber = typeof bank.account_number === 'string' ? bank.account_number : '';
    if (!/^\d{9,18}$/.test(accountNumber)) {
      throw badRequest('The account number is invalid.', `${field}.bank_account.account_number`);
    }
    const code = typeof bank.code === 'string' ? bank.code.toUpperCase() : '';
    if (!IFSC.test(code)) {
      throw badRequest('The ifsc code is invalid.', `${field}.bank_account.code`);
    }
    return [
      {
        method: 'bank_account',
        bank_account: {
          account_number: accountNumber,
          beneficiary_name: stringOf(
            bank.beneficiary_name,
            `${field}.bank_account.beneficiary_name`,
            120,
          ),
          code_type: 'ifsc',
          code,
          currency: 'INR',
          is_default: true,
        },
      },
    ];
  }
  throw badRequest('The method must be upi or bank_account.', `${field}.method`);
}

export function createStakeholder(
  { store }: Gateway,
  accountId: string,
  body: Record<string, unknown>,
): RazorpayStakeholder {
  const record = store.account(accountId);
  const email = stringOf(body.email, 'email', 132).toLowerCase();
  if (!EMAIL.test(email)) throw badRequest('The email must be a valid email address.', 'email');
  const kyc = isRecord(body.kyc) ? body.kyc : {};
  if (kyc.pan !== undefined && (typeof kyc.pan !== 'string' || !PAN.test(kyc.pan))) {
    throw badRequest('The pan field is invalid.', 'kyc.pan');
  }
  const created: RazorpayStakeholder = {
    id: newId('sth'),
    entity: 'stakeholder',
    name: stringOf(body.name, 'name', 255),
    email,
    kyc: { pan: typeof kyc.pan === 'string' ? kyc.pan : null },
    notes: notesOf(body.notes),
    created_at: now(),
  };
  record.stakeholders.push(created);
  return created;
}

export function requestProduct(
  { store }: Gateway,
  accountId: string,
  body: Record<string, unknown>,
): RazorpayProduct {
  const record = store.account(accountId);
  if (body.product_name !== 'route') throw badRequest('Invalid product_name', 'product_name');
  const created: RazorpayProduct = {
    id: newId('acc_prd'),
    account_id: accountId,
    product_name: 'route',
    activation_status: 'needs_clarification',
    requested_configuration: {},
    active_configuration: { settlements: null },
    requirements: [
      {
        field_reference: 'settlements.account_number',
        status: 'required',
        reason_code: 'field_missing',
      },
    ],
    tnc_accepted: flag(body.tnc_accepted) === true,
    requested_at: now(),
  };
  record.products.push(created);
  return created;
}

export function activate(
  { webhooks }: Gateway,
  record: AccountRecord,
  status: AccountStatus,
): void {
  record.account.status = status;
  for (const product of record.products) {
    if (status !== 'created' && status !== 'suspended') product.activation_status = status;
  }
  if (status === 'activated') record.account.activated_at = now();
  if (status === 'activated' || status === 'under_review' || status === 'needs_clarification') {
    webhooks.emit([
      {
        event: `product.route.${status}`,
        payload: {
          merchant_product: {
            id: record.products[0]?.id ?? null,
            account_id: record.account.id,
            activation_status: status,
          },
        },
      },
    ]);
  }
}

export function updateProduct(
  gateway: Gateway,
  accountId: string,
  productId: string,
  body: Record<string, unknown>,
): RazorpayProduct {
  const { store, settings } = gateway;
  const record = store.account(accountId);
  const product = record.products.find((item) => item.id === productId);
  if (!product) throw badRequest(NOT_FOUND_DESCRIPTION, 'product_id');
  if (body.tnc_accepted !== undefined) product.tnc_accepted = flag(body.tnc_accepted) === true;
  if (body.settlements !== undefined) {
    const settlementsBody = body.settlements;
    if (!isRecord(settlementsBody)) throw badRequest('Invalid settlements', 'settlements');
    const accountNumber =
      typeof settlementsBody.account_number === 'string' ? settlementsBody.account_number : '';
    if (!/^\d{9,18}$/.test(accountNumber)) {
      throw badRequest('The account number is invalid.', 'settlements.account_number');
    }
    const ifsc =
      typeof settlementsBody.ifsc_code === 'string' ? settlementsBody.ifsc_code.toUpperCase() : '';
    if (!IFSC.test(ifsc)) throw badRequest('The ifsc code is invalid.', 'settlements.ifsc_code');
    const beneficiary = stringOf(
      settlementsBody.beneficiary_name,
      'settlements.beneficiary_name',
      120,
    );
    product.active_configuration.settlements = {
      account_number: accountNumber,
      ifsc_code: ifsc,
      beneficiary_name: beneficiary,
    };
    product.requirements = [];
  }
  if (product.active_configuration.settlements && product.tnc_accepted) {
    if (record.account.status === 'created' || record.account.status === 'needs_clarification') {
      activate(gateway, record, settings.activatedStatus);
    }
  }
  return product;
}
