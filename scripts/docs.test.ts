/**
 * The docs state facts the code decides: these tests fail when one drifts, so they cannot go
 * stale silently (issue: reliability.md once reported 12 of 12 operations when there were 35).
 *   node --test scripts/docs.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from './lib/paths.ts';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

async function operationCount(): Promise<number> {
  const document = parse(await readFile(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.values(document.paths).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => HTTP_METHODS.has(key)).length,
    0,
  );
}

/** Backend features: folders of backend/src with a wiring face (index.ts). */
async function backendFeatures(): Promise<string[]> {
  const source = path.join(ROOT, 'backend', 'src');
  const entries = await readdir(source, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(source, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Collections named in the backend's source (constants, schema options, driver calls). */
async function collectionNames(): Promise<string[]> {
  const source = path.join(ROOT, 'backend', 'src');
  const files = (await readdir(source, { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('spec.ts'),
  );
  const names = new Set<string>();
  const declaration =
    /(?:_COLLECTION\s*=\s*|collection:\s*|\.collection(?:<[^>]*>)?\()\s*'([a-z_]+)'/g;
  for (const file of files) {
    const text = await readFile(path.join(source, file), 'utf8');
    for (const [, name = ''] of text.matchAll(declaration)) names.add(name);
  }
  return [...names].sort();
}

const doc = (file: string): Promise<string> => readFile(path.join(ROOT, file), 'utf8');

async function markdownFiles(): Promise<string[]> {
  const docs = (await readdir(path.join(ROOT, 'docs'), { recursive: true }))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', 'docker/README.md', ...docs];
}

void describe('docs against the code', () => {
  void it('reliability.md counts every operation of openapi.yaml', async () => {
    const operations = await operationCount();
    const text = await doc('docs/reliability.md');
    const claims = [...text.matchAll(/(\d+) of (\d+) operations/g)];
    assert.ok(claims.length > 0, 'reliability.md states how many operations the fuzzing covers');
    for (const [claim, , total] of claims) {
      assert.equal(Number(total), operations, `"${claim}": openapi.yaml has ${operations}`);
    }
  });

  void it('architecture.md describes every backend feature module', async () => {
    const text = await doc('docs/architecture.md');
    const missing = (await backendFeatures()).filter(
      (name) => !text.includes(`\`${name}/\``) && !text.includes(`**\`${name}\`**`),
    );
    assert.deepEqual(missing, [], 'features missing from docs/architecture.md (as **`name`**)');
  });

  void it('the layer rules cover every backend feature module (FEATURE in .dependency-cruiser.cjs)', async () => {
    const rules = await readFile(path.join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    const listed = /const FEATURE =\s*'\(([^)]+)\)'/.exec(rules)?.[1]?.split('|') ?? [];
    const modules = await backendFeatures();
    assert.deepEqual(
      modules.filter((name) => !listed.includes(name)),
      [],
      'feature modules the layer rules do not see',
    );
  });

  for (const layer of ['features', 'entities']) {
    void it(`architecture.md's frontend tree names every ${layer} folder`, async () => {
      const text = await doc('docs/architecture.md');
      const start = text.indexOf('```\nfrontend/src/');
      const tree = text.slice(start, text.indexOf('```', start + 3));
      const folders = (
        await readdir(path.join(ROOT, 'frontend', 'src', layer), { withFileTypes: true })
      )
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      assert.ok(tree.includes(`${layer}/`), `${layer}/ missing from the frontend tree`);
      assert.deepEqual(
        folders.filter((name) => !tree.includes(`${name}/`)),
        [],
        `frontend ${layer} missing from the tree in docs/architecture.md`,
      );
    });
  }

  void it('the backup list in operations.md names every collection the backend writes', async () => {
    const text = await doc('docs/operations.md');
    const backups = text.slice(
      text.indexOf('## Backups'),
      text.indexOf('\n## ', text.indexOf('## Backups') + 1),
    );
    const missing = (await collectionNames()).filter((name) => !backups.includes(`\`${name}\``));
    assert.deepEqual(missing, [], 'collections missing from docs/operations.md#backups');
  });

  void it('every relative link in the docs points to a file that exists', async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = await doc(file);
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        // Addresses (https:, mailto:) and the web app's own routes (/privacy) are not files.
        if (/^[a-z]+:/.test(target) || target.startsWith('/')) continue;
        if (!existsSync(path.resolve(ROOT, path.dirname(file), target))) {
          broken.push(`${file} → ${target}`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  void it('the README links to the variable table instead of copying it', async () => {
    const readme = await doc('README.md');
    assert.match(readme, /operations\.md#environment-variables/);
    const copiedRows = readme.split('\n').filter((line) => /^\| `[A-Z_]+`/.test(line));
    assert.deepEqual(copiedRows, [], 'README.md holds rows of the variable table');
  });
});
