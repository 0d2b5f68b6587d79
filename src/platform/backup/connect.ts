import pg from 'pg';
import { BackupError, backupMessages } from './errors';

/** Where a database URL points, for messages (no password). */
export function describeDatabase(databaseUrl: string): { name: string; where: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  return { name, where: `${url.hostname}:${url.port || 5432}/${name}` };
}

/** A plain pg client (COPY streams need one connection of their own), failures as BackupErrors. */
export async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    const { name, where } = describeDatabase(databaseUrl);
    if ((err as { code?: string }).code === '3D000')
      throw new BackupError(backupMessages.noDatabase(name), 'database');
    throw new BackupError(backupMessages.cannotConnect(where, (err as Error).message), 'database');
  }
  // an error on an idle connection (the server went away) surfaces on the next query instead
  client.on('error', () => undefined);
  return client;
}
