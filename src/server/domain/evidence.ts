const DAY_MS = 86_400_000;

/** Evidence older than the workspace retention is gone: no screenshot, no page markup. */
export function isEvidenceExpired(capturedAt: number, retentionDays: number, now: number): boolean {
  return now - capturedAt > retentionDays * DAY_MS;
}

export function fileUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/files/${token}.png`;
}
