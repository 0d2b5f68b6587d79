// `npm start`'s step before it builds (scripts/start-launcher.mjs): a database that cannot be used
// is said in one line at once, not after the build; a missing one is created, as the start would.
import { loadConfigWithDatabase } from '../src/platform/process';

await loadConfigWithDatabase();
process.exit(0);
