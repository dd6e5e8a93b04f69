/**
 * Who the app is to the operating system. One set of values read by the shell and by
 * electron-builder.config.ts, so the installer's registrations (the Windows AppUserModelID,
 * the .desktop file, the link scheme) and what the running app asks for always agree.
 */
export const APP_ID = 'dev.triagedesk.app';
export const PRODUCT_NAME = 'Triage Desk';
/** The executable's file name on Linux and Windows, and the .desktop file's base name. */
export const EXECUTABLE_NAME = 'triage-desk';
/** triage-desk://item/<itemId> opens that thread (deep-link.ts). */
export const DEEP_LINK_SCHEME = 'triage-desk';
/** Linux: the desktop entry the launcher and the dock match windows against. */
export const DESKTOP_ENTRY = `${EXECUTABLE_NAME}.desktop`;
