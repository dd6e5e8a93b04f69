/**
 * Link to the stamped line at the commit that built the page. The branch stands in when
 * the build stamp carries no commit, so the link still opens something useful.
 */
export function sourceUrlOf(
  repo: string | null,
  source: { file: string; line: number | null; build: string | null; branch: string | null } | null,
): string | null {
  if (!repo || !source) return null;
  const ref = source.build ?? source.branch;
  if (!ref) return null;
  const file = source.file.replace(/^\.?\/+/, '');
  const line = source.line !== null ? `#L${source.line}` : '';
  return `${repo.replace(/\/+$/, '')}/blob/${encodeURIComponent(ref)}/${file.split('/').map(encodeURIComponent).join('/')}${line}`;
}
