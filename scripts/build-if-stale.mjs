// `npm start` builds the console only when a source is newer than the last build, so a
// restart on existing data is ready in a moment.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = path.resolve('dist/console/index.html');
const inputs = ['src', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of fs.readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (Math.max(...inputs.map(newest)) > builtAt) {
  process.stdout.write(
    builtAt ? 'Rebuilding the console...\n' : 'Building the console (first start)...\n',
  );
  const result = spawnSync(
    path.resolve('node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  process.exit(result.status ?? 1);
}
