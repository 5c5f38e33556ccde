// `npm run dev`: the API with reload on server changes, and Vite's dev server (proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';

const port = process.env.PORT ?? '8080';
const children = [
  spawn(
    path.resolve('node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: port },
    },
  ),
  spawn(path.resolve('node_modules/.bin/vite'), [], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
