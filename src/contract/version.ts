import { z } from 'zod';

/** `GET /api/version`: what is running, for the owner and for whoever deploys it. */
export const versionSchema = z.object({
  /** package.json's version. */
  version: z.string(),
  /** The git commit built (GIT_COMMIT or SOURCE_COMMIT, else the checkout's HEAD); null if unknown. */
  commit: z.string().nullable(),
  /** When this process started (ISO 8601). */
  startedAt: z.iso.datetime(),
  /** The Node.js version, e.g. 'v24.1.0'. */
  node: z.string(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
