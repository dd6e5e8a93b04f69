/** A thread's desktop address, the one that opens it in Triage Desk from anywhere (a spreadsheet, a document). */
export const desktopItemLink = (itemId: string): string => `triage-desk://item/${encodeURIComponent(itemId)}`;
