import { readFileSync } from 'node:fs';
import { IfscDirectory } from '../application/ports/ifsc-directory.js';
import type { IfscBranch } from '../domain/payout-profile.js';

/** The shape `npm run ifsc:data` writes from Razorpay's `ifsc` package. */
interface IfscData {
  readonly source: string;
  /** Bank code (4 letters) → the bank's name. */
  readonly banks: Readonly<Record<string, string>>;
  /** Bank code → its branch codes (the last 6 characters; numeric ones as numbers). */
  readonly branches: Readonly<Record<string, readonly (string | number)[]>>;
  /** An IFSC a bank runs for another (a sub-member) → that bank's code. */
  readonly sublets: Readonly<Record<string, string>>;
  /** An IFSC prefix run for another bank → that bank's code. */
  readonly customSublets: Readonly<Record<string, string>>;
}

/**
 * Razorpay's published IFSC list, read once from the data shipped with the backend: an IFSC is
 * valid when its bank lists the branch code (the `ifsc` package's own rule). No network at run
 * time. The list names banks, not branches: the branch is confirmed by the gateway's checks.
 */
export class OfflineIfscDirectory extends IfscDirectory {
  private readonly branches = new Map<string, ReadonlySet<string>>();
  private readonly data: IfscData;

  constructor(data?: IfscData) {
    super();
    this.data =
      data ??
      (JSON.parse(readFileSync(new URL('./ifsc-data.json', import.meta.url), 'utf8')) as IfscData);
  }

  get source(): string {
    return this.data.source;
  }

  lookup(input: string): IfscBranch | null {
    const ifsc = input.toUpperCase();
    if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return null;
    const bankCode = ifsc.slice(0, 4);
    const branch = ifsc.slice(5);
    if (!this.branchesOf(bankCode)?.has(/^\d+$/.test(branch) ? String(Number(branch)) : branch)) {
      return null;
    }
    return { ifsc, bankCode, bankName: this.bankNameOf(ifsc, bankCode) };
  }

  private branchesOf(bankCode: string): ReadonlySet<string> | undefined {
    let set = this.branches.get(bankCode);
    if (!set) {
      const list = this.data.branches[bankCode];
      if (!list) return undefined;
      set = new Set(list.map(String));
      this.branches.set(bankCode, set);
    }
    return set;
  }

  private bankNameOf(ifsc: string, bankCode: string): string | null {
    const sublet =
      this.data.sublets[ifsc] ??
      Object.entries(this.data.customSublets).find(([prefix]) => ifsc.startsWith(prefix))?.[1];
    return this.data.banks[sublet ?? bankCode] ?? this.data.banks[bankCode] ?? null;
  }
}
