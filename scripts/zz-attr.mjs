import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const appKey = Object.keys(manifest).find((k) => k.endsWith('src/main.tsx'));
const authKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/AuthPage.tsx'));
const seen = new Set(); const files = [];
const walk = (k) => { if (seen.has(k)) return; seen.add(k); const c = manifest[k]; if (c.file.endsWith('.js')) files.push(c.file); for (const i of c.imports ?? []) walk(i); };
[entryKey, appKey, authKey].forEach(walk);
const bySource = new Map();
for (const f of files) {
  const code = readFileSync('dist/' + f, 'utf8');
  let raw; try { raw = readFileSync('dist/' + f + '.map', 'utf8'); } catch { bySource.set(f, code.length); continue; }
  const map = new SourceMapConsumer(JSON.parse(raw));
  const lines = code.split('\n');
  let last = null;
  map.eachMapping((m) => { last = m; });
  const mappings = [];
  map.eachMapping((m) => mappings.push(m));
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i], n = mappings[i + 1];
    let len;
    if (n && n.generatedLine === m.generatedLine) len = n.generatedColumn - m.generatedColumn;
    else len = (lines[m.generatedLine - 1]?.length ?? 0) - m.generatedColumn;
    const src = (m.source ?? '?').replace(/^.*node_modules\//, 'nm:').replace(/^.*\/src\//, 'src/');
    bySource.set(src, (bySource.get(src) ?? 0) + len);
  }
}
const top = [...bySource].sort((a, b) => b[1] - a[1]);
const filter = process.argv[2];
for (const [s, n] of top) if (!filter || s.includes(filter)) console.log(n, s);
