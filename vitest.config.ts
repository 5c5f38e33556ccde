import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Checks every answer the API tests recorded against the OpenAPI document. It needs their whole
// run first, so only `npm test` (scripts/test.mjs) asks for it, once they are done.
const recordedAnswersCheck = {
  test: { name: 'answers', environment: 'node', include: ['server/**/*.check.ts'] },
};

export default defineConfig({
  test: {
    // Vitest's default in a run is one core less than the machine has: one worker, all files in
    // a row, on a 2-core CI machine. Its own process is mostly idle while they run.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Each file builds its own app over its own database clone, so the server's modules
          // need not load again for every file: a third less CPU for the tier. Nothing here may
          // swap a module for the file (vi.mock): hooks it needs observe through a channel.
          isolate: false,
          // A limit for a hung test, not a measure of speed: on a 2-core CI machine running the
          // browser tier beside this one, a test of a few seconds here can take four times as long.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.CHECK_RECORDED_ANSWERS ? [recordedAnswersCheck] : []),
    ],
  },
});
