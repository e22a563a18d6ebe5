import { existsSync, readFileSync } from 'node:fs';
import { IfscDirectory } from '../application/ports/ifsc-directory.js';
import type { IfscBranch } from '../domain/payout-profile.js';
import { type IfscData, ifscPackageData } from './ifsc-package-data.js';

/**
 * The file the build wrote beside the compiled code (the production image has no `ifsc` package),
 * else the installed package itself (tests and development run from the sources).
 */
function shippedIfscData(): IfscData {
  const built = new URL('./ifsc-data.json', import.meta.url);
  return existsSync(built)
    ? (JSON.parse(readFileSync(built, 'utf8')) as IfscData)
    : ifscPackageData();
}

/**
 * Razorpay's published IFSC list, read once from the data shipped with the backend: an IFSC is
 * valid when its bank lists the branch code (the `ifsc` package's own rule). No network at run
 * time. The list names banks, not branches: the branch is confirmed by the gateway's checks.
 */
export class OfflineIfscDirectory extends IfscDirectory {
  private readonly branches = new Map<string, ReadonlySet<string>>();
  private readonly data: IfscData;
  private readonly customSublets: readonly (readonly [string, string])[];

  constructor(data?: IfscData) {
    super();
    this.data = data ?? shippedIfscData();
    this.customSublets = Object.entries(this.data.customSublets);
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
      this.customSublets.find(([prefix]) => ifsc.startsWith(prefix))?.[1];
    return this.data.banks[sublet ?? bankCode] ?? this.data.banks[bankCode] ?? null;
  }
}
