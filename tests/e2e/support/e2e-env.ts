// Shared by the e2e server and the specs: where the e2e app keeps its data.
const port = Number(process.env.E2E_PORT ?? 3999);
const databaseUrl = (name: string) => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  url.pathname = `/${name}`;
  return url.toString();
};

export const e2e = {
  port,
  databaseUrl: databaseUrl(`wildframe_e2e_${port}`),
  redisPrefix: `wfe2e_${port}`,
  dataDir: `/tmp/wildframe-e2e-${port}`,
  admin: { username: 'owner', password: 'e2e-owner-password' },
  /** The print lab's local double (Lumaprints), started by the e2e server; specs drive it over HTTP. */
  labUrl: `http://127.0.0.1:${port + 11}`,
  /**
   * A second app with LAB_DEMO=true (both labs' doubles in-process), started by the spec that
   * needs it (support/demo-lab.ts) on its own port, database, Redis keys and data dir, so the
   * shared server's specs never see it. Same owner sign-in as the shared app.
   */
  demoLab: {
    port: port + 10,
    url: `http://localhost:${port + 10}`,
    databaseUrl: databaseUrl(`wildframe_e2e_${port}_demo_lab`),
    redisPrefix: `wfe2e_${port}_demo_lab`,
    dataDir: `/tmp/wildframe-e2e-${port}-demo-lab`,
  },
};
