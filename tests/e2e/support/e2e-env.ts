// Shared by the e2e server and the specs: where the e2e app keeps its data.
const port = Number(process.env.E2E_PORT ?? 3999);
const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
base.pathname = `/wildframe_e2e_${port}`;

export const e2e = {
  port,
  databaseUrl: base.toString(),
  redisPrefix: `wfe2e_${port}`,
  dataDir: `/tmp/wildframe-e2e-${port}`,
  admin: { username: 'owner', password: 'e2e-owner-password' },
  /** The print lab's local double (Lumaprints), started by the e2e server; specs drive it over HTTP. */
  labUrl: `http://127.0.0.1:${port + 11}`,
};
