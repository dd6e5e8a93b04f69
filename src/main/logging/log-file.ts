import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The log a person can send when something fails: one line per event in
 * <app data>/logs/triage-desk.log, rotated at a size limit (triage-desk.1.log … .N.log).
 *
 * What goes in is chosen by the callers (app start, windows, links, failed bridge calls with
 * their channel and error kind) and never includes a token or a message body. As a second
 * line of defence every line is scrubbed of anything that looks like a credential.
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface LogFile {
  readonly dir: string;
  readonly file: string;
  write(level: LogLevel, message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

interface LogFileOptions {
  dir: string;
  /** Rotate when the current file would grow past this. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
  now?: () => Date;
}

const FIELD_MAX = 300;
/** Field names whose values are never written, whatever a caller passes. */
const SECRET_FIELD = /token|secret|password|authorization|cookie|body|content|text/i;

export function scrub(text: string): string {
  return text
    .replace(/(bearer\s+)[^\s"',;]+/gi, '$1[redacted]')
    .replace(/([?&#](?:secret|token|access_token)=)[^&\s"']+/gi, '$1[redacted]')
    .replace(/(\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1[redacted]@');
}

function formatFields(fields: LogFields | undefined): string {
  if (!fields) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const value = SECRET_FIELD.test(k) ? '[redacted]' : String(v);
    const short = value.length > FIELD_MAX ? `${value.slice(0, FIELD_MAX)}…` : value;
    parts.push(`${k}=${JSON.stringify(short)}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

export function createLogFile(options: LogFileOptions): LogFile {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const keep = options.keep ?? 3;
  const now = options.now ?? (() => new Date());
  const file = join(options.dir, 'triage-desk.log');
  const rotated = (n: number) => join(options.dir, `triage-desk.${n}.log`);
  let failed = false;

  function rotate(): void {
    rmSync(rotated(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    renameSync(file, rotated(1));
  }

  function write(level: LogLevel, message: string, fields?: LogFields): void {
    const line = `${now().toISOString()} ${level.toUpperCase()} ${scrub(message.replace(/[\r\n]+/g, ' '))}${scrub(formatFields(fields))}\n`;
    try {
      mkdirSync(options.dir, { recursive: true });
      const size = existsSync(file) ? statSync(file).size : 0;
      if (size > 0 && size + Buffer.byteLength(line) > maxBytes) rotate();
      appendFileSync(file, line, 'utf8');
      failed = false;
    } catch (e) {
      // A full disk or a read-only folder must not take the app down; say so once on stderr.
      if (!failed) console.error(`Triage Desk could not write its log in ${options.dir}: ${(e as Error).message}`);
      failed = true;
    }
  }

  return {
    dir: options.dir,
    file,
    write,
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
