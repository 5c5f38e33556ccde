import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `base: './'` keeps every asset URL relative, so the same build works at `/` or under any
// sub-path an operator's proxy puts it (the server writes the matching <base href>).
export default defineConfig({
  base: './',
  plugins: [react()],
  // The contract's schemas run in the console with zod's parsers never compiled (src/zod.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/zod.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // What the first visit loads in any case goes in one chunk: split along the lazy screens'
    // shared pieces, it came in some thirty files that each compress alone (12 KiB more gzip).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
