import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The benchmark harness pages alone, built beside the app (into `${OUT_DIR}-harness`) rather than
 * into it: the app's build stays exactly what ships (same chunks, same precache list), and the bench
 * server (bench/server.ts) serves these under /bench/.
 */
const outDir = `${process.env.OUT_DIR ?? 'dist'}-harness`;

export default defineConfig({
  plugins: [react()],
  define: { __APP_BUILD__: JSON.stringify('bench') },
  logLevel: 'error',
  // The app's public files are the app build's to serve.
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    // Everything under /bench/, so nothing shadows the app's own /assets/.
    assetsDir: 'bench/assets',
    target: 'es2022',
    rollupOptions: { input: { pipeline: 'bench/pipeline.html', bare: 'bench/bare.html', orgTree: 'bench/orgTree.html', soak: 'bench/soak.html' } },
  },
});
