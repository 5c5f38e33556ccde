import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `base: './'` keeps every asset URL relative, so the same build works at `/` or under any
// sub-path an operator's proxy puts it (the server writes the matching <base href>).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
