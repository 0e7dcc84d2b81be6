import { mergeConfig } from 'vite';
import base from '../vite.config.ts';

/** The app's build plus the benchmark harness page, into dist-bench/ (never shipped). */
export default mergeConfig(base, {
  build: {
    outDir: 'dist-bench',
    rollupOptions: { input: { main: 'index.html', pipelineBench: 'bench/pipeline.html', bareBench: 'bench/bare.html' } },
  },
});
