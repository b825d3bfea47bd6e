// `npm run admin -- <command>`: the admin CLI's process (admin.ts runs the command).
import { runAdmin } from './admin';

process.exit(await runAdmin(process.argv.slice(2)));
