// @vitest-environment happy-dom
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_SCRIPT } from '../../../bench/renderer/replay-script.js';

/**
 * The bench's content floor (bench/renderer/static-replay.ts) is only a floor of the app's
 * work if its static copy shows, after each key, exactly the page the app showed: the replay
 * script must reach every recorded state, whatever changed between two of them.
 */

interface Globals {
  __floorStates: DocumentFragment[];
  __rbCommitListeners: Array<(t: number) => void>;
  __floorWrites: number[];
}
const globals = window as unknown as Globals;

/** The nodes under `parent` as text, attributes in name order (their order on an element means nothing to the page). */
function canonical(parent: Node): string {
  return [...parent.childNodes]
    .map((n) => {
      if (!(n instanceof Element)) return JSON.stringify(n.nodeValue);
      const names = [...n.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
      return `<${n.tagName} ${names.join(' ')}>${canonical(n)}</>`;
    })
    .join('');
}

/** Markup as the browser keeps it (adjacent texts merged, empty ones gone), in canonical form. */
function normalized(html: string): string {
  const scratch = document.createElement('div');
  scratch.innerHTML = html;
  return canonical(scratch);
}

/** Loads `states[0]`, installs the replay of the rest, and returns how many commits the probe was told of. */
function install(states: string[]): { commits: () => number } {
  document.body.innerHTML = states[0]!;
  let commits = 0;
  globals.__rbCommitListeners = [() => void (commits += 1)];
  globals.__floorStates = states.slice(1).map((html) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  });
  // Indirect eval: the script runs as a page script would, in the global scope.
  (0, eval)(REPLAY_SCRIPT);
  return { commits: () => commits };
}

const menuChanged = () => document.body.dispatchEvent(new Event('change', { bubbles: true }));

type Tree = string | { tag: string; attrs: Record<string, string>; children: Tree[] };

const attrs = fc.record(
  {
    class: fc.constantFrom('a', 'b', 'a b'),
    title: fc.constantFrom('x', 'y', '“z”'),
    'data-k': fc.constantFrom('1', '2'),
  },
  { requiredKeys: [] },
);
const text = fc.constantFrom('Open', 'Resolved', '3 replies', 'The “Ship” tab…', ' ', '≈');
const { tree } = fc.letrec<{ tree: Tree; element: Tree }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('element')),
  element: fc.record({
    tag: fc.constantFrom('div', 'span', 'b', 'time'),
    attrs,
    children: fc.array(tie('tree'), { maxLength: 4 }),
  }),
}));
const toHtml = (t: Tree): string =>
  typeof t === 'string'
    ? t
    : `<${t.tag}${Object.entries(t.attrs)
        .map(([n, v]) => ` ${n}="${v}"`)
        .join('')}>${t.children.map(toHtml).join('')}</${t.tag}>`;
const body = fc.array(tree, { maxLength: 5 }).map((nodes) => nodes.map(toHtml).join(''));

describe('the content floor replay script', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows each recorded state in turn, one per menu change, and tells the probe each time', () => {
    fc.assert(
      fc.property(fc.array(body, { minLength: 2, maxLength: 5 }), (states) => {
        const { commits } = install(states);
        for (let k = 1; k < states.length; k++) {
          menuChanged();
          expect(canonical(document.body)).toBe(normalized(states[k]!));
          expect(commits()).toBe(k);
        }
        // Past the last state a change writes nothing and commits nothing.
        menuChanged();
        expect(canonical(document.body)).toBe(normalized(states.at(-1)!));
        expect(commits()).toBe(states.length - 1);
      }),
      { numRuns: 300 },
    );
  });

  it('writes only what differs: an unchanged state costs no write, a changed text one', () => {
    install([
      '<div class="row"><span>Open</span><span>3</span></div>',
      '<div class="row"><span>Open</span><span>3</span></div>',
      '<div class="row"><span>Open</span><span>4</span></div>',
    ]);
    expect(globals.__floorWrites).toEqual([0, 1]);
    const before = document.querySelectorAll('span')[1]!;
    menuChanged();
    menuChanged();
    // The same element, its text written in place.
    expect(document.querySelectorAll('span')[1]).toBe(before);
    expect(before.textContent).toBe('4');
  });

  it("leaves a menu's value and its options' selected marks to the native control, and keeps the menu element", () => {
    install([
      '<select id="filter-type"><option value="" selected="">Any type</option><option value="bug">Bug</option></select>',
      '<select id="filter-type"><option value="">Any type</option><option value="bug" selected="">Bug (394)</option></select>',
    ]);
    const menu = document.querySelector('select')!;
    menu.value = 'bug';
    menuChanged();
    expect(document.querySelector('select')).toBe(menu);
    expect(menu.value).toBe('bug');
    expect(menu.options[1]!.textContent).toBe('Bug (394)');
    expect(menu.options[0]!.hasAttribute('selected')).toBe(true);
    expect(menu.options[1]!.hasAttribute('selected')).toBe(false);
  });
});
