import { describe, expect, it } from 'vitest';
import { parseCodesignDisplay } from '../../../src/main/electron/code-signature.js';

describe('reading a macOS code signature', () => {
  it('tells an ad-hoc signature (an unsigned electron-builder build) from a real one', () => {
    const adhoc =
      'Executable=/Applications/Triage Desk.app/Contents/MacOS/Triage Desk\nIdentifier=dev.triagedesk.app\nFormat=app bundle with Mach-O thin (arm64)\nCodeDirectory v=20400 size=1234 flags=0x20002(adhoc,linker-signed) hashes=27+7 location=embedded\nSignature=adhoc\nInfo.plist entries=30\nTeamIdentifier=not set\n';
    expect(parseCodesignDisplay(adhoc, 0)).toBe('adhoc');
    const signed =
      'Executable=/Applications/Triage Desk.app/Contents/MacOS/Triage Desk\nIdentifier=dev.triagedesk.app\nAuthority=Developer ID Application: Triage Desk (ABCDE12345)\nAuthority=Developer ID Certification Authority\nAuthority=Apple Root CA\nTeamIdentifier=ABCDE12345\n';
    expect(parseCodesignDisplay(signed, 0)).toBe('signed');
  });

  it('knows an unsigned bundle, and does not guess when codesign itself failed', () => {
    expect(parseCodesignDisplay('/Applications/Triage Desk.app: code object is not signed at all\n', 1)).toBe(
      'unsigned',
    );
    expect(parseCodesignDisplay('codesign: command not found', 127)).toBe('unknown');
    expect(parseCodesignDisplay('', null)).toBe('unknown');
  });
});
