import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Unit and component tests. src/ (the UI and its plain modules) runs under happy-dom; tests/unit/
 * (the emulator, the built dist/, node-side modules) runs under node.
 */
export default defineConfig({
  plugins: [react()],
  test: {
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
