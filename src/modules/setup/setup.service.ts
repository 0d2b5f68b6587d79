import type { Config } from '../../config';
import { latestBackup } from '../../platform/backup';
import type { SetupChecklist } from '../../contract';
import { setupChecklist, type SetupFacts } from './setup-rules';

/** Where each fact comes from: the owning modules' services (through their index.ts) and the config. */
export type SetupSources = {
  paymentsProvider(): 'stripe' | 'test' | null;
  mailStatus(): { smtpConfigured: boolean; ownerEmailConfigured: boolean };
  taxConfigured(): Promise<SetupFacts['tax']>;
  activeShippingNotice(): Promise<{ line1: string } | null>;
  labSettings(): Promise<{ enabled: boolean; sandbox: boolean }>;
  withOneTimePassword(): Promise<string[]>;
};

const isTestKey = (key: string | undefined) => !!key && /^(sk|rk)_test_/.test(key);

/**
 * The admin's set-up checklist: each item's state from the facts as they are now (nothing is
 * stored here), with where it is set. The last backup is the newest finished file in BACKUP_DIR.
 */
export function createSetupService(
  config: Pick<
    Config,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'OWNER_EMAIL'
    | 'BACKUP_DIR'
    | 'LAB_DEMO'
    | 'PHOTOGRAPHER_NAME'
  >,
  sources: SetupSources,
) {
  return {
    async checklist(now = new Date()): Promise<SetupChecklist> {
      const provider = sources.paymentsProvider();
      const mail = sources.mailStatus();
      const [tax, notice, lab, oneTimePassword, backup] = await Promise.all([
        sources.taxConfigured(),
        sources.activeShippingNotice(),
        sources.labSettings(),
        sources.withOneTimePassword(),
        latestBackup(config.BACKUP_DIR),
      ]);
      return setupChecklist(
        {
          payments: {
            provider,
            stripeTestKey: provider === 'stripe' && isTestKey(config.STRIPE_SECRET_KEY),
            webhookSecret: !!config.STRIPE_WEBHOOK_SECRET,
          },
          mail: {
            smtp: mail.smtpConfigured,
            ownerEmail: mail.ownerEmailConfigured ? (config.OWNER_EMAIL ?? null) : null,
          },
          photographerName: config.PHOTOGRAPHER_NAME ?? null,
          tax,
          notice: notice ? { line1: notice.line1 } : null,
          lab: { ...lab, demo: config.LAB_DEMO },
          oneTimePassword,
          backup,
          backupDir: config.BACKUP_DIR.replace(/\/+$/, ''),
        },
        now,
      );
    },
  };
}
export type SetupService = ReturnType<typeof createSetupService>;
