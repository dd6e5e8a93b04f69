/** Tiny flag parser for our scripts: `--name value` and boolean `--flag`; unknown flags are an error. */
export function parseFlags<T extends Record<string, 'string' | 'boolean'>>(
  argv: string[],
  spec: T,
): { [K in keyof T]?: T[K] extends 'boolean' ? boolean : string } {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const name = arg.replace(/^--/, '');
    const kind = spec[name];
    if (!arg.startsWith('--') || !kind)
      throw new Error(
        `Unknown option "${arg}". Known: ${Object.keys(spec)
          .map((k) => `--${k}`)
          .join(', ')}`,
      );
    if (kind === 'boolean') out[name] = true;
    else {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`Option --${name} needs a value`);
      out[name] = v;
    }
  }
  return out as { [K in keyof T]?: T[K] extends 'boolean' ? boolean : string };
}
