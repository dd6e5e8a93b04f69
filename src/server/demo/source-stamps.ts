import type { FixtureItem } from '../fixture/schema.js';
import { hashString, hexString, type Rng } from './random.js';
import type { ElementKind, ElementSpec, PageSpec, SiteSpec, SourceRef } from './site-model.js';

/**
 * What the build stamping tool records: the component and file:line that rendered the
 * pinned element, the component chain above it, the markup below it, and the build
 * (commit and branch) the page was served from.
 */

const DAY_MS = 86_400_000;

type SourcePath = NonNullable<FixtureItem['sourcePath']>;
type Step = SourcePath['target'];
type BelowStep = SourcePath['below'][number];

interface Stamp {
  stampId: string;
  stampKey: string;
  source: NonNullable<FixtureItem['source']>;
  sourcePath: NonNullable<FixtureItem['sourcePath']>;
}

interface Deploy {
  ago: number;
  sha: string;
}

const PREVIEW_BRANCHES = [
  'feat/new-payment-form',
  'fix/address-autocomplete',
  'feat/pricing-2025',
  'chore/design-tokens',
  'feat/dark-mode',
  'fix/mobile-nav',
];

/**
 * Production deploys every one to four days over the project's life. A thread is stamped
 * with the build that was live when it was captured, so builds repeat across threads.
 */
export class BuildHistory {
  private readonly deploys: Deploy[] = [];

  constructor(rng: Rng, spanDays: number) {
    let ago = 0;
    while (ago < spanDays * DAY_MS) {
      this.deploys.push({ ago, sha: hexString(rng, 40) });
      ago += rng.range(0.6, 4) * DAY_MS;
    }
  }

  /** The build live `ago` ms before now. */
  at(ago: number): string {
    // deploys are ordered newest first; the live one is the newest deployed before the capture
    for (const d of this.deploys) if (d.ago >= ago) return d.sha;
    return this.deploys[this.deploys.length - 1]?.sha ?? '0'.repeat(40);
  }
}

function tagForComponent(ref: SourceRef): string {
  const n = ref.component;
  if (/Form$/.test(n)) return 'form';
  if (/Header$/.test(n)) return 'header';
  if (/Footer$/.test(n)) return 'footer';
  if (/Summary$/.test(n)) return 'aside';
  if (/Page$|Step$/.test(n)) return 'main';
  if (/Layout$|Shell$|^App$/.test(n)) return 'div';
  if (/Modal$/.test(n)) return 'dialog';
  return 'section';
}

const step = (ref: SourceRef, tag: string): Step => ({ component: ref.component, file: ref.file, line: ref.line, tag });

function below(kind: ElementKind, target: SourceRef, text: string): BelowStep[] {
  const at = (d: number, tag: string, t: string | null, offset: number, own = false): BelowStep => ({
    depth: d,
    tag,
    component: own ? target.component : null,
    file: target.file,
    line: target.line + offset,
    text: t,
  });
  switch (kind) {
    case 'button':
    case 'toggle':
      return [at(1, 'span', text, 2)];
    case 'card':
      return [at(1, 'h3', text, 3), at(1, 'p', null, 5), at(2, 'a', 'Learn more', 7)];
    case 'nav':
      return [at(1, 'ul', null, 2), at(2, 'li', null, 3), at(3, 'a', text, 4)];
    case 'table':
      return [at(1, 'thead', null, 2), at(2, 'tr', null, 3), at(1, 'tbody', null, 9)];
    case 'modal':
      return [at(1, 'h2', text, 4), at(1, 'iframe', null, 9), at(1, 'button', 'Close', 14)];
    case 'select':
      return [at(1, 'option', null, 6)];
    case 'banner':
    case 'heading':
    case 'text':
    case 'link':
      return [at(1, '#text', text, 0)];
    default:
      return [];
  }
}

export function stampFor(
  site: SiteSpec,
  pageSpec: PageSpec,
  element: ElementSpec,
  isChrome: boolean,
  build: string,
  rng: Rng,
): Stamp | null {
  const target = element.source ?? pageSpec.source;
  if (!target) return null;
  // Different JSX call sites of the same component: lines vary a little so line lookups rank.
  const line = target.line + rng.pick([0, 0, 0, 0, 3, 8]);
  const ref: SourceRef = { ...target, line };
  const chain: SourceRef[] = [];
  if (site.layout) chain.push(site.layout);
  if (!isChrome && pageSpec.source && pageSpec.source !== target) chain.push(pageSpec.source);
  for (const v of element.via) chain.push(v);
  const branch = rng.chance(0.88) ? 'main' : rng.pick(PREVIEW_BRANCHES);
  const sha = branch === 'main' ? build : hexString(rng, 40);
  const stampKey = `${ref.file}:${ref.line}`;
  return {
    stampId: `stp_${(hashString(`${stampKey}#${element.key}`) >>> 0).toString(36).padStart(7, '0')}`,
    stampKey,
    source: { file: ref.file, line: ref.line, build: sha, branch, component: ref.component },
    sourcePath: {
      target: step(ref, elementTag(element)),
      above: chain.map((c) => step(c, tagForComponent(c))),
      below: below(element.kind, ref, element.text),
    },
  };
}

function elementTag(element: ElementSpec): string {
  const map: Record<ElementKind, string> = {
    button: 'button',
    link: 'a',
    input: 'input',
    select: 'select',
    checkbox: 'input',
    heading: 'h1',
    text: 'p',
    image: 'img',
    card: 'div',
    table: 'table',
    toggle: 'button',
    nav: 'nav',
    banner: 'section',
    modal: 'div',
  };
  return map[element.kind];
}
