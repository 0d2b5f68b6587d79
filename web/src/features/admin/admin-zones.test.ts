import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The admin's zones are an ESLint rule (eslint.config.js, adminScreens): this lints a line as if it
// were written in a screen's folder, with the repository's own configuration.
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function zoneErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, {
    filePath: path.join(root, 'web/src/features/admin', file),
  });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('admin zones', () => {
  it('refuses a screen importing another screen', async () => {
    const errors = await zoneErrors(
      'orders/probe.ts',
      "export { useSaveLabSettingsMutation } from '../print-lab/api';\n",
    );
    expect(errors).toEqual([expect.stringContaining('An admin screen imports no other screen')]);
  });

  it('refuses admin/shared importing a screen, at any depth', async () => {
    const errors = await zoneErrors('shared/lab/probe.ts', "export { default } from '../../tax/tax-page';\n");
    expect(errors).toEqual([expect.stringContaining('admin/shared/ imports no admin screen')]);
  });

  it('lets a screen use admin/shared and its own files, and admin-routes compose screens', async () => {
    expect(
      await zoneErrors('orders/probe.ts', "export { useGetAdminUserQuery } from '../shared/api';\n"),
    ).toEqual([]);
    expect(await zoneErrors('orders/probe.ts', "export { useGetOrderLabQuery } from './api';\n")).toEqual([]);
    expect(await zoneErrors('probe.tsx', "export { default } from './tax/tax-page';\n")).toEqual([]);
  });

  it('still sends another web feature through its index.ts', async () => {
    const errors = await zoneErrors(
      'tax/probe.ts',
      "export { US_STATES } from '../../checkout/us-states';\n",
    );
    expect(errors).toEqual([expect.stringContaining('Import another feature through its index.ts')]);
  });
});
