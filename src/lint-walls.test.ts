// The import walls are held by the lint, not by discipline: each forbidden import below, written as the
// code writes imports (no extension, the `@contract` alias), is an error, and the allowed ones are not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own configuration, with only the rule under test run and no type information built: the
// walls need no types, and building them for every file made this the slowest file of the suite.
const eslint = new ESLint({
  cwd: process.cwd(),
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The import-direction errors ESLint reports for `code` placed at `filePath` (an existing file). */
async function wallErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('the import walls', () => {
  it.each([
    ['src/web/features/gifts/my-gifts.tsx', "export { loadConfig } from '../../../server/config';"],
    ['src/contract/money.ts', "export { api } from '../web/api/client';"],
    ['src/admin/app.tsx', "export { loadConfig } from '../server/config';"],
    ['src/server/config.ts', "export { api } from '../web/api/client';"],
    ['src/web/features/gifts/my-gifts.tsx', "export { goToBank } from '../checkout/go-to-bank';"],
    [
      'src/server/modules/payments/fulfil.ts',
      "export { addPaidPeriod } from '../subscriptions/service';",
    ],
    ['src/server/modules/admin/staff-login.ts', "export { sha256 } from '../auth/tokens';"],
    // The web app's layers, lib ← api ← components ← features ← app: none imports one above it.
    ['src/web/api/interceptors.ts', "export { openModal } from '../components/modal/modal-store';"],
    ['src/web/api/interceptors.ts', "export { Panel } from '../features/personal';"],
    ['src/web/api/interceptors.ts', "export { installErrorModal } from '../app/error-modal';"],
    [
      'src/web/components/layout/header.tsx',
      "export { MODAL_REGISTRY } from '../../app/modal-registry';",
    ],
    ['src/web/components/layout/header.tsx', "export { Panel } from '../../features/personal';"],
    [
      'src/web/features/gifts/my-gifts.tsx',
      "export { MODAL_REGISTRY } from '../../app/modal-registry';",
    ],
    ['src/web/lib/routes.ts', "export { openModal } from '../components/modal/modal-store';"],
    ['src/web/lib/routes.ts', "export { api } from '../api/client';"],
  ])(
    '%s may not import: %s',
    async (filePath, code) => {
      expect(await wallErrors(filePath, code)).toHaveLength(1);
    },
    120_000,
  );

  it.each([
    ['src/web/features/gifts/my-gifts.tsx', "export { goToBank } from '../checkout';"],
    ['src/web/features/gifts/my-gifts.tsx', "export { formatPrice } from '@contract/money';"],
    ['src/server/config.ts', "export { formatPrice } from '@contract/money';"],
    ['src/server/modules/payments/fulfil.ts', "export { addPaidPeriod } from '../subscriptions';"],
    ['src/server/modules/payments/fulfil.ts', "export { settleOrder } from './settle';"],
    ['src/server/modules/payments/fulfil.ts', "export { recordAudit } from '../../shared/audit';"],
    [
      'src/server/modules/payments/payments-promo-code.test.ts',
      "export { addPaidPeriod } from '../subscriptions/service';",
    ],
    ['src/web/api/interceptors.ts', "export { reloadPage } from '../lib/reload';"],
    ['src/web/components/layout/header.tsx', "export { pathTo } from '../../lib/routes';"],
    [
      'src/web/features/gifts/my-gifts.tsx',
      "export { openModal } from '../../components/modal/modal-store';",
    ],
    ['src/web/app/modal-registry.ts', "export { Panel } from '../features/personal';"],
  ])(
    '%s may import: %s',
    async (filePath, code) => {
      expect(await wallErrors(filePath, code)).toEqual([]);
    },
    120_000,
  );
});
