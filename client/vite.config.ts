import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.CURIO_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': server,
      '/trpc-ws': { target: server.replace(/^http/, 'ws'), ws: true },
      '/uploads': server,
      '/api': server,
      '/dev': server,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
