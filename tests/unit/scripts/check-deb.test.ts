import { describe, expect, it } from 'vitest';
import { DEB_DEPENDS } from '../../../electron-builder.config.js';
import {
  appArmorProfileProblems,
  contentsProblems,
  dependsProblems,
  desktopEntryProblems,
  parseContents,
  postinstProblems,
  splitDepends,
} from '../../../scripts/check-deb.js';

/**
 * scripts/check-deb.ts's reading of a package, on text shaped like dpkg-deb's output and
 * electron-builder's files. That a real package passes is checked by
 * tests/unit/electron/linux/package.test.ts; here, that each kind of mistake is caught.
 */
const GOOD_ENTRY = `[Desktop Entry]
Name=Triage Desk
Exec="/opt/Triage Desk/triage-desk" %U
Terminal=false
Type=Application
Icon=triage-desk
StartupWMClass=triage-desk
Comment=Desktop triage dashboard for a feedback-thread service.
MimeType=x-scheme-handler/triage-desk;
Categories=Development;
`;

const GOOD_POSTINST = `#!/bin/bash
update-alternatives --install '/usr/bin/triage-desk' 'triage-desk' '/opt/Triage Desk/triage-desk' 100 || ln -sf '/opt/Triage Desk/triage-desk' '/usr/bin/triage-desk'
if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; }; then
    chmod 4755 '/opt/Triage Desk/chrome-sandbox' || true
else
    chmod 0755 '/opt/Triage Desk/chrome-sandbox' || true
fi
  APPARMOR_PROFILE_SOURCE='/opt/Triage Desk/resources/apparmor-profile'
  APPARMOR_PROFILE_TARGET='/etc/apparmor.d/triage-desk'
`;

describe('check-deb: Depends', () => {
  it('reads alternatives as one requirement', () => {
    expect(splitDepends('libgtk-3-0, libasound2t64 |libasound2 , xdg-utils')).toEqual([
      'libgtk-3-0',
      'libasound2t64 | libasound2',
      'xdg-utils',
    ]);
  });

  it('accepts exactly the configured list, in any order', () => {
    expect(dependsProblems([...DEB_DEPENDS].reverse())).toEqual([]);
  });

  it('names what is missing, extra or repeated', () => {
    const without = DEB_DEPENDS.filter((d) => d !== 'libgbm1');
    expect(dependsProblems(without)).toEqual(['Depends lacks libgbm1']);
    expect(dependsProblems([...DEB_DEPENDS, 'libfoo1'])).toEqual([
      'Depends has libfoo1, which electron-builder.config.ts does not ask for',
    ]);
    expect(dependsProblems([...DEB_DEPENDS, 'libnss3'])).toEqual(['Depends names libnss3 more than once']);
  });
});

describe('check-deb: the desktop entry', () => {
  it("accepts electron-builder's entry for this app", () => {
    expect(desktopEntryProblems(GOOD_ENTRY)).toEqual([]);
  });

  it('refuses an entry that does not take links, names another window class, or turns the sandbox off', () => {
    expect(desktopEntryProblems(GOOD_ENTRY.replace('MimeType=x-scheme-handler/triage-desk;\n', ''))).toEqual([
      'desktop entry MimeType is missing, want "x-scheme-handler/triage-desk;"',
    ]);
    expect(desktopEntryProblems(GOOD_ENTRY.replace(' %U', ''))).toEqual([
      'desktop entry Exec is "\\"/opt/Triage Desk/triage-desk\\"", want "\\"/opt/Triage Desk/triage-desk\\" %U"',
    ]);
    expect(
      desktopEntryProblems(GOOD_ENTRY.replace('StartupWMClass=triage-desk', 'StartupWMClass=Triage Desk')),
    ).toEqual(['desktop entry StartupWMClass is "Triage Desk", want "triage-desk"']);
    expect(desktopEntryProblems(GOOD_ENTRY.replace(' %U', ' --no-sandbox %U'))).toContain(
      'desktop entry starts the app with --no-sandbox',
    );
  });

  it('reads only the [Desktop Entry] group', () => {
    const withAction = `${GOOD_ENTRY.replace('MimeType=x-scheme-handler/triage-desk;\n', '')}\n[Desktop Action new]\nMimeType=x-scheme-handler/triage-desk;\n`;
    expect(desktopEntryProblems(withAction)).toEqual([
      'desktop entry MimeType is missing, want "x-scheme-handler/triage-desk;"',
    ]);
  });
});

describe('check-deb: the sandbox setup', () => {
  it("accepts electron-builder's after-install", () => {
    expect(postinstProblems(GOOD_POSTINST)).toEqual([]);
  });

  it('refuses one that never makes the helper setuid or never installs the AppArmor profile', () => {
    expect(postinstProblems(GOOD_POSTINST.replace("chmod 4755 '/opt/Triage Desk/chrome-sandbox'", ':'))).toEqual([
      'postinst does not make /opt/Triage Desk/chrome-sandbox setuid (4755) where user namespaces are unavailable',
    ]);
    expect(postinstProblems(GOOD_POSTINST.replace("'/etc/apparmor.d/triage-desk'", "''"))).toEqual([
      'postinst does not install the AppArmor profile as /etc/apparmor.d/triage-desk',
    ]);
  });

  it('accepts an AppArmor profile for the installed binary that allows user namespaces, and nothing less', () => {
    const profile =
      'abi <abi/4.0>,\ninclude <tunables/global>\n\nprofile "triage-desk" "/opt/Triage Desk/triage-desk" flags=(unconfined) {\n  userns,\n}\n';
    expect(appArmorProfileProblems(profile)).toEqual([]);
    expect(appArmorProfileProblems(profile.replace('  userns,\n', ''))).toEqual([
      'AppArmor profile does not allow user namespaces (userns,)',
    ]);
    expect(appArmorProfileProblems(profile.replace('/opt/Triage Desk/', '/opt/Other/'))).toEqual([
      'AppArmor profile is not for /opt/Triage Desk/triage-desk',
    ]);
  });
});

describe('check-deb: the files', () => {
  const listing = [
    'drwxr-xr-x root/root         0 2025-01-01 00:00 ./',
    'drwxr-xr-x root/root         0 2025-01-01 00:00 ./opt/Triage Desk/',
    '-rwxr-xr-x root/root 190000000 2025-01-01 00:00 ./opt/Triage Desk/triage-desk',
    '-rwxr-xr-x root/root    300000 2025-01-01 00:00 ./opt/Triage Desk/chrome-sandbox',
    '-rw-r--r-- root/root   9000000 2025-01-01 00:00 ./opt/Triage Desk/resources/app.asar',
    '-rw-r--r-- root/root       300 2025-01-01 00:00 ./opt/Triage Desk/resources/apparmor-profile',
    'lrwxrwxrwx root/root         0 2025-01-01 00:00 ./opt/Triage Desk/libfoo.so -> libfoo.so.1',
    '-rw-r--r-- root/root       300 2025-01-01 00:00 ./usr/share/applications/triage-desk.desktop',
    '-rw-r--r-- root/root     20000 2025-01-01 00:00 ./usr/share/icons/hicolor/512x512/apps/triage-desk.png',
  ].join('\n');

  it('reads paths with spaces and links from dpkg-deb --contents', () => {
    const entries = parseContents(listing);
    expect(entries.map((e) => e.path)).toContain('/opt/Triage Desk/chrome-sandbox');
    expect(entries.find((e) => e.path === '/opt/Triage Desk/libfoo.so')?.mode).toBe('lrwxrwxrwx');
    expect(entries.find((e) => e.path === '/opt/Triage Desk')?.mode).toBe('drwxr-xr-x');
  });

  it('accepts root-owned files with the executable, the sandbox helper, the archive, the profile, the entry and the icon', () => {
    expect(contentsProblems(parseContents(listing))).toEqual([]);
  });

  it('refuses files not owned by root, a missing sandbox helper, a non-executable app', () => {
    expect(contentsProblems(parseContents(listing.replace('root/root    300000', 'runner/runner 300000')))).toEqual([
      'not owned by root: /opt/Triage Desk/chrome-sandbox (runner/runner)',
    ]);
    expect(
      contentsProblems(
        parseContents(
          listing
            .split('\n')
            .filter((l) => !l.includes('chrome-sandbox'))
            .join('\n'),
        ),
      ),
    ).toEqual(['package has no /opt/Triage Desk/chrome-sandbox']);
    expect(
      contentsProblems(
        parseContents(listing.replace('-rwxr-xr-x root/root 190000000', '-rw-r--r-- root/root 190000000')),
      ),
    ).toEqual(['/opt/Triage Desk/triage-desk is not executable (-rw-r--r--)']);
  });
});
