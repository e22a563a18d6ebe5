/**
 * How `npm run duplicates:count` reads a line (ADR 0060).
 *   node --test scripts/lib/declaration-lines.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { codeLineCount, lineKinds, runKind } from './declaration-lines.ts';

const SOURCE = `import {
  DealNotFoundError,
  DealNotEditableError,
} from './deals.contract';

export interface Invite {
  /** When it was sent. */
  readonly sentAt: Date;
  readonly sendCount: number;
}

export class RefreshSession {
  @Inject() decorated!: string;
  private counter = 0;
  constructor(
    private readonly clock: Clock,
    plain: string,
  ) {}

  run(): number {
    return this.counter + 1;
  }
}
`;

const NAMES = `export const OUTBOX_STATUSES = ['queued', 'sending'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const INVITES_COLLECTION = 'invites';
export const LIMIT = 3 * 4;
export const WORDS = ['a', name] as const;
`;

const WIRING = `@Module({
  imports: [AuthModule],
  providers: [
    CreateDeal,
    { provide: DealRepository, useClass: MongoDealRepository },
  ],
})
export class DealsModule {}

export class SendDeal {
  constructor(
    private readonly deals: DealRepository,
    private readonly clock: Clock,
  ) {}
}

export class CancelDeal {
  constructor(private readonly deals: DealRepository) {
    this.deals.ready();
  }
}
`;

const ADAPTER = `@Injectable()
export class MongoDeals extends Deals {
  constructor(@InjectModel(Deal.name) private readonly deals: Model<Deal>) {
    super();
  }

  async find(id: string) {
    return this.deals.findById(id);
  }
}

export const settings = (values: Values): { readonly deals: DealsConfig } => ({
  deals: { feeBasisPoints: values.FEE },
});

export class TimedDeals extends Deals {
  constructor(private readonly clock: Clock) {
    super(clock.now());
  }
}
`;

const directory = mkdtempSync(path.join(tmpdir(), 'declaration-lines-'));
after(() => {
  rmSync(directory, { recursive: true, force: true });
});

function kindsOf(source: string) {
  const file = path.join(directory, 'sample.ts');
  writeFileSync(file, source);
  return lineKinds(file);
}

void describe('lineKinds', () => {
  const kinds = kindsOf(SOURCE);

  void it('reads every line of a multi-line import as an import', () => {
    assert.deepEqual(kinds.slice(0, 4), ['import', 'import', 'import', 'import']);
  });

  void it('reads interfaces and parameter properties as declarations, comments as passed over', () => {
    assert.deepEqual(kinds.slice(5, 9), [
      'declaration',
      'passed-over',
      'declaration',
      'declaration',
    ]);
    assert.equal(kinds[15], 'declaration');
  });

  void it('reads decorated or initialised fields, plain parameters and statements as code', () => {
    assert.equal(kinds[12], 'other');
    assert.equal(kinds[13], 'other');
    assert.equal(kinds[16], 'other');
    assert.equal(kinds[20], 'other');
  });
});

void describe('lineKinds on wiring', () => {
  const kinds = kindsOf(WIRING);

  void it("reads a Nest module's metadata and a constructor that only receives dependencies as declarations", () => {
    assert.deepEqual(kinds.slice(0, 6), [
      'declaration',
      'declaration',
      'declaration',
      'declaration',
      'declaration',
      'passed-over',
    ]);
    assert.deepEqual(kinds.slice(10, 13), ['declaration', 'declaration', 'declaration']);
  });

  void it('reads a constructor that does work as code', () => {
    assert.equal(kinds[18], 'other');
    assert.equal(runKind(kinds, 17, 19), undefined);
  });
});

void describe('lineKinds on an adapter', () => {
  const kinds = kindsOf(ADAPTER);

  void it("reads a class's heading and a constructor that only hands super() nothing as declarations", () => {
    assert.deepEqual(kinds.slice(0, 5), [
      'declaration',
      'declaration',
      'declaration',
      'declaration',
      'passed-over',
    ]);
    assert.equal(runKind(kinds, 1, 5), 'declaration');
  });

  void it('reads the methods, and a constructor whose super() call passes something, as code', () => {
    assert.equal(kinds[6], 'other');
    assert.equal(kinds[7], 'other');
    assert.equal(kinds[16], 'other');
    assert.equal(kinds[17], 'other');
  });

  void it('reads a line of code that holds a type in passing as code', () => {
    assert.deepEqual(kinds.slice(11, 13), ['other', 'other']);
  });
});

void describe('lineKinds on names', () => {
  void it('reads type aliases and constants naming literal data as declarations, computed constants as code', () => {
    assert.deepEqual(kindsOf(NAMES).slice(0, 5), [
      'declaration',
      'declaration',
      'declaration',
      'other',
      'other',
    ]);
  });
});

void describe('runKind', () => {
  const kinds = kindsOf(SOURCE);

  void it('names a run of one kind, passing over comments and punctuation', () => {
    assert.equal(runKind(kinds, 1, 4), 'import');
    assert.equal(runKind(kinds, 7, 10), 'declaration');
  });

  void it('names imports followed by declarations as declarations, and nothing for code', () => {
    assert.equal(runKind(kinds, 3, 8), 'declaration');
    assert.equal(runKind(kinds, 12, 18), undefined);
  });
});

void describe('codeLineCount', () => {
  void it('counts the lines of code, leaving out declarations, imports, comments and punctuation', () => {
    const kinds = kindsOf(SOURCE);
    assert.equal(codeLineCount(kinds, 1, 10), 0);
    assert.equal(codeLineCount(kinds, 12, 23), 7);
  });
});
