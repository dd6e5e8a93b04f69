import { LIMITS } from '#shared/api/limits.js';

/** A link row as typed in the composer: both fields may still be empty. */
export interface LinkDraft {
  url: string;
  label: string;
}

export interface LinkProblem {
  index: number;
  message: string;
}

const LABEL_MAX = 200;

function isWebUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The links to send ({url, label?}) and, per row, what the service would refuse — checked
 * here first so a reply is not refused for a typo. Rows with neither field are ignored.
 */
export function prepareLinks(rows: readonly LinkDraft[]): {
  links: Array<{ url: string; label?: string }>;
  problems: LinkProblem[];
} {
  const links: Array<{ url: string; label?: string }> = [];
  const problems: LinkProblem[] = [];
  rows.forEach((row, index) => {
    const url = row.url.trim();
    const label = row.label.trim();
    if (!url && !label) return;
    if (!url) problems.push({ index, message: 'Add the address for this label, or remove the row.' });
    else if (!isWebUrl(url))
      problems.push({ index, message: 'Links must be full web addresses starting with http:// or https://.' });
    else if (label.length > LABEL_MAX)
      problems.push({ index, message: `A label can be at most ${LABEL_MAX} characters.` });
    else links.push(label ? { url, label } : { url });
  });
  if (links.length > LIMITS.linksMax)
    problems.push({ index: rows.length - 1, message: `A reply can carry at most ${LIMITS.linksMax} links.` });
  return { links, problems };
}
