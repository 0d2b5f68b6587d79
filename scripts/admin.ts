// `npm run admin -- set-password <username>`: sets or resets an admin password from the terminal.
import { createInterface } from 'node:readline/promises';
import { createContext, closeContext } from '../src/platform/context';
import { migrateLatest } from '../src/platform/db';
import { createModules } from '../src/modules';
import { loadConfigWithDatabase } from '../src/platform/process';

const [command, username] = process.argv.slice(2);
if (command !== 'set-password' || !username) {
  console.error('Usage: npm run admin -- set-password <username>');
  process.exit(2);
}
// The password comes from ADMIN_NEW_PASSWORD (for scripts) or is asked for on the terminal.
let password = process.env.ADMIN_NEW_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question(`New password for ${username} (at least 12 characters): `);
  rl.close();
}
if (password.length < 12 || password.length > 100) {
  console.error('The password must be 12 to 100 characters long.');
  process.exit(2);
}
const ctx = createContext(await loadConfigWithDatabase());
await migrateLatest(ctx.db);
await createModules(ctx).adminAuth.service.setPassword(username, password);
console.log(`Password set for ${username}.`);
await closeContext(ctx);
