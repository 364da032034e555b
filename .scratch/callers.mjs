import fs from 'node:fs';
const [file, name] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const stacks = new Map();
for (const [id, t] of self) { const n = byId.get(id); if (n.callFrame.functionName !== name) continue;
  const chain = []; let c = parent.get(id); while (c !== undefined && chain.length < 9) { const f = byId.get(c).callFrame; chain.push(`${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`); c = parent.get(c); }
  const k = chain.join(' < '); stacks.set(k, (stacks.get(k) ?? 0) + t); }
for (const [k, t] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log((t / 1000).toFixed(0), 'ms', k, '\n');
