import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { rewrite } from './at-alias.ts';

const src = path.resolve(import.meta.dirname, '..', '..', 'frontend', 'src');
const page = path.join(src, 'features', 'admin', 'components', 'mail-page.tsx');

void describe('the @/ codemod', () => {
  void it('rewrites imports that climb three folders into src, keeping extensions and queries', () => {
    const before = [
      "import { notify } from '../../../lib/notify';",
      "import type { X } from '../../../api/generated/types.gen.ts';",
      "import '../../../styles/table.css';",
      "const privacy = await import('../../../content/privacy.md?raw');",
      "vi.mock('../../../lib/notify');",
      "import { useAdmin } from '../../api/admin-queries';",
      "import { Row } from '../row';",
    ].join('\n');
    const { text, count } = rewrite(page, before, 3);
    assert.equal(count, 5);
    assert.deepEqual(text.split('\n'), [
      "import { notify } from '@/lib/notify';",
      "import type { X } from '@/api/generated/types.gen.ts';",
      "import '@/styles/table.css';",
      "const privacy = await import('@/content/privacy.md?raw');",
      "vi.mock('@/lib/notify');",
      "import { useAdmin } from '../../api/admin-queries';",
      "import { Row } from '../row';",
    ]);
  });

  void it('leaves paths out of src alone, and changes nothing the second time', () => {
    const outside = "import doc from '../../../../../docs/privacy.md?raw';";
    assert.deepEqual(rewrite(page, outside, 3), { text: outside, count: 0 });
    const once = rewrite(page, "export { a } from '../../../lib/a';", 3).text;
    assert.deepEqual(rewrite(page, once, 3), { text: once, count: 0 });
  });

  void it('takes a lower depth on request', () => {
    const { text } = rewrite(page, "import { useAdmin } from '../../admin/api/admin-queries';", 2);
    assert.equal(text, "import { useAdmin } from '@/features/admin/api/admin-queries';");
  });
});
