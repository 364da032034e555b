import fs from 'node:fs';
const file = process.argv[2];
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const d = dt[i] ?? 0; total += d; self.set(n.id, (self.get(n.id) ?? 0) + d); }
const agg = new Map(); const pkg = new Map();
for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`; agg.set(key, (agg.get(key) ?? 0) + t);
  let pk = cf.url.includes('node_modules/') ? cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : cf.url.startsWith('node:') ? 'node:' + cf.url.slice(5).split('/')[0] : cf.url ? cf.url.replace(/.*\/work\/main\//, '').split('/').slice(0, 2).join('/') : cf.functionName;
  pkg.set(pk, (pkg.get(pk) ?? 0) + t); }
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / total * 100).toFixed(1).padStart(5), k);
console.log('---');
for (const [k, t] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((t / total * 100).toFixed(1).padStart(5), k);
