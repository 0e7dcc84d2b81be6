import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

/**
 * Unit and component tests. src/ (the UI and its plain modules) runs under happy-dom; tests/unit/
 * (the emulator, the built dist/, node-side modules) runs under node.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default (one fewer than the cores) is a single worker on CI's 2 cores: 99 s there
    // against 64 s with two, since each file's happy-dom set-up waits on the CPU, not on I/O.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'app', include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'workers/**/*.test.ts'], environment: 'happy-dom', setupFiles: ['tests/unit/setup-dom.ts'] },
      },
      {
        extends: true,
        test: { name: 'node', include: ['tests/unit/**/*.test.ts', 'server/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
