/**
 * The shape of a demo website: its pages, the elements people pin feedback to, and (for
 * sites built with the stamping tool) which component in which file rendered each element.
 * Thread text, evidence and source stamps are all derived from these descriptions.
 */

export type ElementKind =
  | 'button'
  | 'link'
  | 'input'
  | 'select'
  | 'checkbox'
  | 'heading'
  | 'text'
  | 'image'
  | 'card'
  | 'table'
  | 'toggle'
  | 'nav'
  | 'banner'
  | 'modal';

/** Where on the page the element usually sits; drives the screenshot rectangle. */
export type Zone = 'header' | 'hero' | 'body' | 'footer' | 'overlay' | 'bottom';

export interface SourceRef {
  component: string;
  file: string;
  line: number;
}

export interface ElementSpec {
  key: string;
  kind: ElementKind;
  zone: Zone;
  /** How people refer to it in prose, with article: 'the “Pay now” button'. */
  noun: string;
  text: string;
  selector: string;
  /** Component that rendered the element; null on sites without stamps. */
  source: SourceRef | null;
  /** Components between the page component and the element, outermost first. */
  via: SourceRef[];
  weight: number;
}

/** A page-specific sentence pair: body and the machine summary of it. */
export interface TemplateSpec {
  type: string;
  body: string;
  summary: string;
  kinds?: readonly ElementKind[];
}

export interface PageSpec {
  path: string;
  title: string;
  /** 'the pricing page' */
  noun: string;
  weight: number;
  source: SourceRef | null;
  elements: ElementSpec[];
  templates: TemplateSpec[];
}

export interface SiteSpec {
  /** Root layout component (outermost step of every source path). */
  layout: SourceRef | null;
  /** Header/footer elements present on every page. */
  chrome: ElementSpec[];
  /** Share of threads pinned to chrome rather than page content. */
  chromeShare: number;
  pages: PageSpec[];
}

export const src = (component: string, file: string, line: number): SourceRef => ({ component, file, line });

interface ElOptions {
  noun?: string;
  src?: SourceRef;
  via?: SourceRef[];
  w?: number;
  key?: string;
}

function defaultNoun(kind: ElementKind, text: string): string {
  switch (kind) {
    case 'button':
      return `the “${text}” button`;
    case 'link':
      return `the “${text}” link`;
    case 'input':
      return `the ${text.toLowerCase()} field`;
    case 'select':
      return `the ${text.toLowerCase()} dropdown`;
    case 'checkbox':
      return `the “${text}” checkbox`;
    case 'heading':
      return `the “${text}” heading`;
    case 'toggle':
      return `the ${text.toLowerCase()} toggle`;
    case 'nav':
      return `the ${text.toLowerCase()} navigation`;
    case 'banner':
      return `the ${text.toLowerCase()} banner`;
    case 'modal':
      return `the ${text.toLowerCase()} dialog`;
    default:
      return `the ${text.toLowerCase()}`;
  }
}

export function el(kind: ElementKind, zone: Zone, text: string, selector: string, o: ElOptions = {}): ElementSpec {
  return {
    key: o.key ?? `${kind}:${selector}`,
    kind,
    zone,
    noun: o.noun ?? defaultNoun(kind, text),
    text,
    selector,
    source: o.src ?? null,
    via: o.via ?? [],
    weight: o.w ?? 1,
  };
}

export function page(
  path: string,
  title: string,
  noun: string,
  weight: number,
  source: SourceRef | null,
  elements: ElementSpec[],
  templates: TemplateSpec[] = [],
): PageSpec {
  return { path, title, noun, weight, source, elements, templates };
}

export const tpl = (type: string, body: string, summary: string, kinds?: readonly ElementKind[]): TemplateSpec =>
  kinds ? { type, body, summary, kinds } : { type, body, summary };
