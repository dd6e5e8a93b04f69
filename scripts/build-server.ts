/**
 * The reference service for production: one bundle (`<out>/cli.js`, run with plain `node`) and
 * a package.json beside it that lists exactly the packages the bundle imports, at the versions
 * this repo pins. `npm install --omit=dev` there installs the service's run-time packages and
 * nothing else; the desktop app's package.json keeps them out of its asar.
 *
 *   npx tsx scripts/build-server.ts [--out out/server]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The package a bare import names: `kysely/migration` → kysely, `@scope/pkg/x` → @scope/pkg. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export async function buildServer(outDir: string): Promise<{ dependencies: Record<string, string> }> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'src/server/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: path.join(outDir, 'cli.js'),
    metafile: true,
    logLevel: 'warning',
  });
  const imported = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const i of output.imports) if (i.external && !i.path.startsWith('node:')) imported.add(packageOf(i.path));
  }
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    engines: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const pinned = { ...root.devDependencies, ...root.dependencies };
  const dependencies: Record<string, string> = {};
  for (const name of [...imported].sort()) {
    const version = pinned[name];
    if (!version) throw new Error(`The service imports ${name}, which package.json does not list: add it there first.`);
    dependencies[name] = version;
  }
  const manifest = {
    name: 'triage-desk-server',
    version: root.version,
    private: true,
    description: 'The Triage Desk reference feedback service, built for production (scripts/build-server.ts)',
    type: 'module',
    main: 'cli.js',
    engines: root.engines,
    scripts: { start: 'node cli.js' },
    dependencies,
  };
  fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dependencies };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'out/server' } } });
  const outDir = path.resolve(values.out);
  const { dependencies } = await buildServer(outDir);
  process.stdout.write(
    `Built ${path.relative(process.cwd(), outDir)}/cli.js; its run-time packages: ${Object.keys(dependencies).join(', ')}\n`,
  );
}
