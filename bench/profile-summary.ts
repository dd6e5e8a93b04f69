import fs from 'node:fs';
import path from 'node:path';

/**
 * `tsx bench/profile-summary.ts FILE.cpuprofile [N]`: the N functions with the most self
 * time and the N with the most total (inclusive) time in a --cpu-prof profile, so a run of
 * `npm run bench -- --profile` can be read without opening DevTools.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  process.stderr.write('usage: profile-summary.ts FILE.cpuprofile [N]\n');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const where = url ? `${path.relative(process.cwd(), url)}:${n.callFrame.lineNumber + 1}` : '';
  return `${n.callFrame.functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  all += dt;
  const node = byId.get(id);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  // Each function counts once per sample, however deep its recursion.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (!seen.has(l)) total.set(l, (total.get(l) ?? 0) + dt);
    seen.add(l);
  }
});

const print = (title: string, m: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${all.toFixed(0)} ms sampled)\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${v.toFixed(1).padStart(9)} ms  ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}\n`);
};
print('self time', self);
print('total time', total);
