/**
 * Checks a built .deb against what the installer must be: the Depends electron-builder.config.ts
 * asks for, the desktop entry that registers triage-desk:// links, the maintainer script that
 * sets up Chromium's sandbox, and root-owned files under /opt/Triage Desk. Reads the package
 * with dpkg-deb only (no install). Usage: `npx tsx scripts/check-deb.ts --deb dist/triage-desk_<v>_amd64.deb`;
 * prints each problem and exits 1 if there is any. The release workflow runs it on the .deb it
 * built; tests/unit/electron/linux/package.test.ts applies the same checks to what electron-builder hands fpm.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { DEB_DEPENDS, PROTOCOL_SCHEME } from '../electron-builder.config.js';
import { DESKTOP_ENTRY, EXECUTABLE_NAME, PRODUCT_NAME } from '../src/main/electron/app-identity.js';
import { parseFlags } from './lib/args.js';

/** Where electron-builder's deb puts the app (LinuxTargetHelper.installPrefix + sanitized product name). */
export const INSTALL_DIR = `/opt/${PRODUCT_NAME}`;
export const DESKTOP_FILE = `/usr/share/applications/${DESKTOP_ENTRY}`;

/** `a, b | c` → ['a', 'b | c'], alternatives kept together as one requirement. */
export function splitDepends(field: string): string[] {
  return field
    .split(',')
    .map((d) => d.trim().replace(/\s*\|\s*/g, ' | '))
    .filter(Boolean);
}

export function dependsProblems(depends: string[]): string[] {
  const problems: string[] = [];
  for (const want of DEB_DEPENDS) if (!depends.includes(want)) problems.push(`Depends lacks ${want}`);
  for (const got of depends)
    if (!DEB_DEPENDS.includes(got))
      problems.push(`Depends has ${got}, which electron-builder.config.ts does not ask for`);
  for (const got of new Set(depends))
    if (depends.filter((d) => d === got).length > 1) problems.push(`Depends names ${got} more than once`);
  return problems;
}

/** The [Desktop Entry] group's keys (a later group, such as a desktop action, is not read). */
export function parseDesktopEntry(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  let inEntry = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\[.*\]$/.test(line)) inEntry = line === '[Desktop Entry]';
    else if (inEntry && line.includes('=') && !line.startsWith('#'))
      keys.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1));
  }
  return keys;
}

export function desktopEntryProblems(text: string): string[] {
  const entry = parseDesktopEntry(text);
  const problems: string[] = [];
  const want: Record<string, string> = {
    Name: PRODUCT_NAME,
    Type: 'Application',
    Terminal: 'false',
    Icon: EXECUTABLE_NAME,
    // Electron tells the desktop its app id from package.json "desktopName"; the launcher
    // and dock match the window to this entry by it.
    StartupWMClass: DESKTOP_ENTRY.replace(/\.desktop$/, ''),
    MimeType: `x-scheme-handler/${PROTOCOL_SCHEME};`,
    // %U hands a clicked triage-desk:// link to the app.
    Exec: `"${INSTALL_DIR}/${EXECUTABLE_NAME}" %U`,
  };
  for (const [key, value] of Object.entries(want)) {
    const got = entry.get(key);
    if (got !== value)
      problems.push(
        `desktop entry ${key} is ${got === undefined ? 'missing' : JSON.stringify(got)}, want ${JSON.stringify(value)}`,
      );
  }
  if (/--no-sandbox/.test(text)) problems.push('desktop entry starts the app with --no-sandbox');
  return problems;
}

/** electron-builder's after-install: the sandbox helper and the AppArmor profile that lets Chromium use user namespaces. */
export function postinstProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.includes(`chmod 4755 '${INSTALL_DIR}/chrome-sandbox'`))
    problems.push(
      `postinst does not make ${INSTALL_DIR}/chrome-sandbox setuid (4755) where user namespaces are unavailable`,
    );
  if (
    !text.includes(`'${INSTALL_DIR}/resources/apparmor-profile'`) ||
    !text.includes(`'/etc/apparmor.d/${EXECUTABLE_NAME}'`)
  )
    problems.push(`postinst does not install the AppArmor profile as /etc/apparmor.d/${EXECUTABLE_NAME}`);
  if (!text.includes(`'/usr/bin/${EXECUTABLE_NAME}'`))
    problems.push(`postinst does not link /usr/bin/${EXECUTABLE_NAME}`);
  if (/--no-sandbox/.test(text)) problems.push('postinst mentions --no-sandbox');
  return problems;
}

export function appArmorProfileProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.includes(`profile "${EXECUTABLE_NAME}" "${INSTALL_DIR}/${EXECUTABLE_NAME}"`))
    problems.push(`AppArmor profile is not for ${INSTALL_DIR}/${EXECUTABLE_NAME}`);
  if (!/^\s*userns,\s*$/m.test(text)) problems.push('AppArmor profile does not allow user namespaces (userns,)');
  return problems;
}

export type DebEntry = { mode: string; owner: string; path: string };

/** `dpkg-deb --contents` lines (tar -tv): mode, owner/group, size, date, time, ./path [-> target]. */
export function parseContents(listing: string): DebEntry[] {
  const entries: DebEntry[] = [];
  for (const line of listing.split('\n')) {
    const m = /^(\S{10})\s+(\S+)\s+\d+\s+\S+\s+\S+\s+\.(\/.*?)(?: -> .*)?$/.exec(line);
    if (m) entries.push({ mode: m[1]!, owner: m[2]!, path: m[3]!.replace(/\/$/, '') || '/' });
  }
  return entries;
}

export function contentsProblems(entries: DebEntry[]): string[] {
  const problems: string[] = [];
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const required = [
    `${INSTALL_DIR}/${EXECUTABLE_NAME}`,
    `${INSTALL_DIR}/chrome-sandbox`,
    `${INSTALL_DIR}/resources/app.asar`,
    `${INSTALL_DIR}/resources/apparmor-profile`,
    DESKTOP_FILE,
    `/usr/share/icons/hicolor/512x512/apps/${EXECUTABLE_NAME}.png`,
  ];
  for (const path of required) if (!byPath.has(path)) problems.push(`package has no ${path}`);
  const exe = byPath.get(`${INSTALL_DIR}/${EXECUTABLE_NAME}`);
  if (exe && exe.mode[3] !== 'x') problems.push(`${exe.path} is not executable (${exe.mode})`);
  const notRoot = entries.filter((e) => e.owner !== 'root/root');
  if (notRoot.length)
    problems.push(
      `not owned by root: ${notRoot
        .slice(0, 5)
        .map((e) => `${e.path} (${e.owner})`)
        .join(', ')}${notRoot.length > 5 ? ` and ${notRoot.length - 5} more` : ''}`,
    );
  return problems;
}

function dpkgDeb(args: string[]): string {
  const r = spawnSync('dpkg-deb', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new Error(`dpkg-deb could not run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`dpkg-deb ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout;
}

/** One member of the package's data, read without unpacking the rest. */
function readMember(deb: string, path: string): string | null {
  const tar = spawnSync('dpkg-deb', ['--fsys-tarfile', deb], { maxBuffer: 1024 * 1024 * 1024 });
  if (tar.status !== 0) throw new Error(`dpkg-deb --fsys-tarfile failed: ${tar.stderr.toString().trim()}`);
  const r = spawnSync('tar', ['-xOf', '-', `.${path}`], {
    input: tar.stdout,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return r.status === 0 ? r.stdout : null;
}

function controlFile(deb: string, name: string): string | null {
  const r = spawnSync('dpkg-deb', ['--info', deb, name], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}

export function checkDeb(deb: string): string[] {
  const problems: string[] = [];
  problems.push(...dependsProblems(splitDepends(dpkgDeb(['--field', deb, 'Depends']).trim())));
  const pkg = dpkgDeb(['--field', deb, 'Package']).trim();
  if (pkg !== EXECUTABLE_NAME) problems.push(`Package is ${pkg}, want ${EXECUTABLE_NAME}`);
  problems.push(...contentsProblems(parseContents(dpkgDeb(['--contents', deb]))));
  const desktop = readMember(deb, DESKTOP_FILE);
  if (desktop !== null) problems.push(...desktopEntryProblems(desktop));
  const postinst = controlFile(deb, 'postinst');
  problems.push(
    ...(postinst === null ? ['package has no postinst (after-install) script'] : postinstProblems(postinst)),
  );
  const profile = readMember(deb, `${INSTALL_DIR}/resources/apparmor-profile`);
  if (profile !== null) problems.push(...appArmorProfileProblems(profile));
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flags = parseFlags(process.argv.slice(2), { deb: 'string' });
  if (!flags.deb) {
    console.error('Usage: npx tsx scripts/check-deb.ts --deb <package.deb>');
    process.exit(2);
  }
  const problems = checkDeb(flags.deb);
  console.log(`Package: ${flags.deb}`);
  console.log(dpkgDeb(['--info', flags.deb]).trimEnd());
  for (const p of problems) console.log(`::error::${p}`);
  console.log(
    problems.length
      ? `check-deb: ${problems.length} problem(s)`
      : 'check-deb: Depends, desktop entry, sandbox setup and ownership as intended',
  );
  process.exit(problems.length ? 1 : 0);
}
