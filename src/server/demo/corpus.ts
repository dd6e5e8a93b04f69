import type { ElementKind } from './site-model.js';
import { tpl, type TemplateSpec } from './site-model.js';
import type { Rng } from './random.js';

/**
 * The words threads are made of. Sentences carry {slots} that are filled from the page,
 * the element and a few random facts (browser, device, numbers), so the same template on
 * different pages reads differently while a template on the same element produces the
 * near-duplicates a dedupe queue needs.
 */

const ACTIONABLE: readonly ElementKind[] = ['button', 'link', 'toggle', 'checkbox', 'select', 'nav'];
const FIELDS: readonly ElementKind[] = ['input', 'select'];
const VISUAL: readonly ElementKind[] = ['image', 'card', 'banner', 'heading', 'table', 'modal'];
const WORDY: readonly ElementKind[] = ['heading', 'text', 'button', 'link', 'card', 'banner', 'modal', 'table', 'nav'];

export const GENERIC_TEMPLATES: readonly TemplateSpec[] = [
  // bug
  tpl(
    'bug',
    '{El} does nothing when I click it in {browser}. No error, no navigation.',
    '{Text} unresponsive in {browser}',
    ACTIONABLE,
  ),
  tpl('bug', 'Clicking {el} reloads {page} instead of doing what it says.', '{Text} reloads the page', ACTIONABLE),
  tpl(
    'bug',
    '{El} overlaps the content below it when the window is narrower than {px}px.',
    '{Text} overlaps content below {px}px',
  ),
  tpl('bug', 'On {device}, {el} is cut off on the right side and I cannot scroll to it.', '{Text} cut off on {device}'),
  tpl(
    'bug',
    '{El} shows “undefined” for a moment before the real text appears.',
    '{Text} flashes “undefined” on load',
    WORDY,
  ),
  tpl(
    'bug',
    'Typing in {el} loses focus after every character in {browser}.',
    '{Text} loses focus while typing',
    FIELDS,
  ),
  tpl(
    'bug',
    '{El} accepts anything and only complains after submit, with “Something went wrong”.',
    '{Text} has no inline validation',
    FIELDS,
  ),
  tpl('bug', 'The browser autofill puts my email into {el}.', 'Autofill fills {text} with email', ['input']),
  tpl('bug', '{El} links to a page that returns 404.', '{Text} leads to a 404', ['link', 'nav', 'button', 'card']),
  tpl(
    'bug',
    '{El} flickers when {page} finishes loading, and the layout jumps by about {px}px.',
    '{Text} causes layout shift',
    VISUAL,
  ),
  tpl('bug', 'In dark mode {el} is black on dark grey and basically invisible.', '{Text} invisible in dark mode'),
  tpl(
    'bug',
    '{El} opens twice if you click it quickly, and then neither copy closes.',
    '{Text} opens twice on quick click',
    ['button', 'toggle', 'modal', 'nav'],
  ),
  tpl(
    'bug',
    'After going back from the next page, {el} is empty again.',
    '{Text} loses its value on back navigation',
    FIELDS,
  ),
  tpl('bug', '{El} is blurry on retina screens; it looks like a 1x asset.', '{Text} blurry on retina', [
    'image',
    'card',
    'banner',
  ]),
  tpl(
    'bug',
    'With {browser} translation turned on, {el} breaks onto three lines and pushes everything down.',
    '{Text} breaks with page translation',
    WORDY,
  ),
  // idea
  tpl(
    'idea',
    'What if {el} remembered my last choice? I keep switching it back every visit.',
    'Remember the last choice in {text}',
    ['toggle', 'select', 'input', 'checkbox'],
  ),
  tpl(
    'idea',
    'It would help to show a short example next to {el}; people hesitate here.',
    'Add an example next to {text}',
  ),
  tpl(
    'idea',
    'Could {el} stay visible while scrolling {page}? It disappears exactly when people need it.',
    'Make {text} sticky',
  ),
  tpl(
    'idea',
    'Idea: add a keyboard shortcut for {el}. Power users hit it dozens of times a day.',
    'Keyboard shortcut for {text}',
    ACTIONABLE,
  ),
  tpl(
    'idea',
    'We could A/B test a shorter version of {el}. It is the first thing people read on {page}.',
    'A/B test a shorter {text}',
    WORDY,
  ),
  tpl(
    'idea',
    'Customer logos right under {el} would answer the “who else uses this” question early.',
    'Add social proof under {text}',
  ),
  tpl('idea', 'Could {el} have a “copy link” option? People share this a lot in Slack.', 'Copy-link option for {text}'),
  // feedback
  tpl('feedback', '{El} feels heavy compared to the rest of {page}.', '{Text} feels heavy'),
  tpl('feedback', 'Love the new version of {el}! Much clearer than before.', 'Positive feedback on {text}'),
  tpl(
    'feedback',
    'The spacing around {el} is tight next to the section above; it reads as one block.',
    'Tight spacing around {text}',
  ),
  tpl(
    'feedback',
    '{El} draws more attention than the primary action on {page}. I would tone it down.',
    '{Text} competes with primary action',
  ),
  tpl('feedback', 'I had to look for {el} twice. On {device} it is below the fold.', '{Text} hard to find on {device}'),
  tpl(
    'feedback',
    'Not sure {el} earns its place here; most people I watched skipped it.',
    '{Text} mostly ignored in testing',
  ),
  // copy
  tpl('copy', 'Typo in {el}: “{typo}” should be “{fix}”.', 'Typo in {text}: {typo}', [
    'heading',
    'text',
    'card',
    'banner',
    'table',
    'modal',
  ]),
  tpl(
    'copy',
    '“{text}” sounds generic. Could we say what actually happens next?',
    'Make “{text}” more specific',
    WORDY,
  ),
  tpl(
    'copy',
    'The wording of {el} does not match the navigation label, which confuses people.',
    '{Text} wording differs from nav',
  ),
  tpl('copy', 'Let us use sentence case for “{text}” to match the style guide.', 'Sentence case for “{text}”', WORDY),
  tpl(
    'copy',
    'The placeholder in {el} reads like the label, so once you type the label is gone.',
    'Placeholder used as label in {text}',
    FIELDS,
  ),
  tpl(
    'copy',
    '{El} says “Free” but the small print below says 14 days. Pick one story.',
    '“Free” vs trial length in {text}',
    WORDY,
  ),
  // question
  tpl('question', 'Is {el} supposed to open in a new tab?', 'Should {text} open a new tab?', [
    'link',
    'button',
    'card',
    'nav',
  ]),
  tpl('question', 'Who owns the content of {el}? Parts of it are out of date.', 'Owner of {text} content?', [
    'text',
    'card',
    'table',
    'heading',
    'banner',
    'image',
  ]),
  tpl('question', 'Why does {el} look different on {page} than on {other}?', 'Why does {text} differ from {other}?'),
  tpl(
    'question',
    'Is {el} tracked in analytics? I would like to know how many people use it before we change it.',
    'Is {text} tracked?',
  ),
  tpl('question', 'Do we need {el} at all for signed-in users?', 'Hide {text} for signed-in users?'),
  tpl('question', 'Is this the final version of {el}, or still the placeholder from the mock-up?', 'Is {text} final?'),
  // design
  tpl(
    'design',
    '{El} uses a grey that fails contrast against the background (about {ratio}:1).',
    '{Text} low contrast ({ratio}:1)',
  ),
  tpl('design', 'The icon in {el} sits {px2}px lower than the text.', 'Icon misaligned in {text}', [
    'button',
    'link',
    'nav',
    'input',
    'select',
    'card',
  ]),
  tpl('design', '{El} does not use the new brand colours yet.', '{Text} uses old brand colours'),
  tpl('design', 'Corner radius on {el} is 4px here but 8px everywhere else.', 'Inconsistent radius on {text}', [
    'button',
    'card',
    'input',
    'select',
    'image',
    'modal',
    'banner',
  ]),
  tpl(
    'design',
    'The hover state of {el} is almost identical to the default; it needs a clearer change.',
    'Weak hover state on {text}',
    ACTIONABLE,
  ),
  tpl(
    'design',
    '{El} is not aligned to the grid; it is {px2}px off compared with the heading above.',
    '{Text} off the grid',
  ),
  // accessibility
  tpl(
    'accessibility',
    'Focus ring is missing on {el}, so keyboard users cannot see where they are.',
    'No focus ring on {text}',
    [...ACTIONABLE, 'input'],
  ),
  tpl(
    'accessibility',
    '{El} has no accessible name; VoiceOver reads it as “button”.',
    '{Text} has no accessible name',
    ['button', 'link', 'toggle', 'image'],
  ),
  tpl('accessibility', 'I cannot reach {el} with Tab at all; it is skipped.', '{Text} not reachable by keyboard', [
    ...ACTIONABLE,
    'input',
  ]),
  tpl('accessibility', '{El} has no alt text, so screen readers announce the file name.', '{Text} missing alt text', [
    'image',
    'card',
  ]),
  tpl(
    'accessibility',
    'The error next to {el} is only shown in red; colour-blind users miss it.',
    'Error on {text} relies on colour',
    FIELDS,
  ),
  // performance
  tpl(
    'performance',
    '{Page} takes {secs} seconds to show {el} on a throttled connection.',
    '{Text} slow to appear ({secs}s)',
  ),
  tpl(
    'performance',
    'The image in {el} is {kb} KB; it could be a fraction of that as AVIF.',
    '{Text} image is {kb} KB',
    ['image', 'card', 'banner'],
  ),
  tpl('performance', 'Scrolling past {el} stutters on {device}.', 'Scroll jank near {text} on {device}'),
  tpl(
    'performance',
    'Opening {el} blocks the main thread for a moment; the page freezes.',
    '{Text} blocks main thread',
    ['button', 'toggle', 'modal', 'nav', 'select'],
  ),
];

const BROWSERS = ['Safari 17', 'Safari on iOS', 'Firefox', 'Chrome', 'Edge', 'Chrome on Android', 'Arc', 'Firefox ESR'];
const DEVICES = [
  'an iPhone SE',
  'an iPhone 15',
  'a Pixel 8',
  'an iPad mini',
  'a 13-inch laptop',
  'a small Android phone',
  'the office TV',
];
const TYPOS: readonly (readonly [string, string])[] = [
  ['recieve', 'receive'],
  ['seperate', 'separate'],
  ['it’s features', 'its features'],
  ['occured', 'occurred'],
  ['accomodate', 'accommodate'],
  ['untill', 'until'],
  ['teh', 'the'],
  ['writen', 'written'],
  ['calender', 'calendar'],
  ['adress', 'address'],
  ['sucessful', 'successful'],
  ['loose your work', 'lose your work'],
];
const RELEASES = ['2.14', '2.15', '2.16', '3.0', '3.1', 'spring', 'April', 'September'];

export interface SlotContext {
  noun: string;
  text: string;
  page: string;
  otherPage: string;
  component: string | null;
  file: string | null;
  line: number | null;
  selector: string;
}

function cap(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

function shortText(text: string): string {
  return text.length > 32 ? `${text.slice(0, 30)}…` : text;
}

/**
 * Fills {slots}. Random slots are drawn once per memo, so a body and its summary (or a
 * whole thread) agree on the browser, the typo and the numbers they mention.
 */
export function fill(template: string, ctx: SlotContext, rng: Rng, memo: Map<string, string> = new Map()): string {
  const once = (slot: string, draw: () => string): string => {
    let v = memo.get(slot);
    if (v === undefined) {
      v = draw();
      memo.set(slot, v);
    }
    return v;
  };
  const typoPair = () => {
    const i = Number(once('typoIndex', () => String(rng.int(0, TYPOS.length - 1))));
    return TYPOS[i] ?? TYPOS[0]!;
  };
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'el':
        return ctx.noun;
      case 'El':
        return cap(ctx.noun);
      case 'text':
        return shortText(ctx.text);
      case 'Text':
        return cap(shortText(ctx.text));
      case 'page':
        return ctx.page;
      case 'Page':
        return cap(ctx.page);
      case 'other':
        return ctx.otherPage;
      case 'browser':
        return once(slot, () => rng.pick(BROWSERS));
      case 'device':
        return once(slot, () => rng.pick(DEVICES));
      case 'px':
        return once(slot, () => String(rng.pick([360, 390, 414, 600, 768, 820, 1024])));
      case 'px2':
        return once(slot, () => String(rng.int(2, 6)));
      case 'secs':
        return once(slot, () => (rng.int(25, 90) / 10).toFixed(1));
      case 'kb':
        return once(slot, () => String(rng.int(6, 40) * 50));
      case 'ratio':
        return once(slot, () => (rng.int(21, 39) / 10).toFixed(1));
      case 'typo':
        return typoPair()[0];
      case 'fix':
        return typoPair()[1];
      case 'component':
        return ctx.component ?? 'the page template';
      case 'file':
        return ctx.file ?? 'the template';
      case 'line':
        return String(ctx.line ?? 1);
      case 'selector':
        return ctx.selector;
      case 'release':
        return once(slot, () => rng.pick(RELEASES));
      case 'sha':
        return once(slot, () => shortSha(rng));
      case 'quarter':
        return once(slot, () => `Q${rng.int(1, 4)}`);
      default:
        return `{${slot}}`;
    }
  });
}

function shortSha(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 7; i++) s += '0123456789abcdef'[rng.int(0, 15)];
  return s;
}

/** Ordinary back-and-forth inside a thread, whatever it is about. */
export const DISCUSSION = [
  'I can reproduce this on {browser} too.',
  'Not seeing it on my machine. Which browser version?',
  '{browser}, clean profile, no extensions.',
  'I think this is the same as the one on {other}.',
  'Agreed, this came up in the last design review as well.',
  'Can you attach a screenshot of what you expected?',
  'Checked analytics: a fair number of sessions touch {el} every week, so worth fixing.',
  'I would keep {el} as is until we have data.',
  'Let us pair on it tomorrow morning.',
  'Is this still happening after yesterday’s deploy?',
  'Yes, just checked again, still there.',
  'Adding this to the sprint board.',
  'We had the same complaint from a customer call last week.',
  'Low effort, I can take it.',
  'There is a related thread on {other}; we should fix both together.',
  'Not a blocker for launch, but it looks sloppy.',
  'Good catch, thanks!',
  'Who is the owner of {page} these days?',
  'I will bring it up in Thursday’s triage.',
  'Could be related to the new caching rules, they went live the same week.',
  'Here is a recording of it happening: the second click is where it goes wrong.',
  'Customers mention this in support tickets too, about one a week.',
  'Let us not block on this; ship the rest and follow up.',
  'Is there a quick workaround we can tell sales about in the meantime?',
  'Thanks for the thorough report, very easy to follow.',
];

/**
 * How a fix usually goes, in order; used near the end of longer threads that get resolved.
 * [text, by the fixer?]
 */
export const FIX_ARC: readonly (readonly [string, boolean])[] = [
  ['Took a look, it is a small change. I will open a PR.', true],
  ['PR is up, would appreciate a review.', true],
  ['Reviewed, one comment about the mobile breakpoint.', false],
  ['Updated the PR, should be good now.', true],
  ['Merged, it will go out with the next deploy.', true],
];

/** Replies that fit one kind of thread; mixed with the general ones above. */
export const DISCUSSION_BY_TYPE: Record<string, readonly string[]> = {
  bug: [
    'Looks like the sticky header is covering it.',
    'This only happens when the cookie banner is still open.',
    'Happens on staging as well, so it is not the CDN.',
    'Screenshots from three browsers attached; only {browser} is affected.',
    'Tried a quick fix locally; it works but breaks the mobile layout.',
    'Console shows a hydration warning right before it breaks.',
    'Nope, fixed for me now.',
  ],
  copy: [
    'Marketing wants to keep the current wording until the campaign ends.',
    'The copy is owned by the brand team; looping them in.',
    'Legal needs to approve any change to this wording.',
    'What about “Start your trial”? Shorter and more concrete.',
    'The German translation has the same problem.',
  ],
  design: [
    'Design has a newer version of this in Figma, linking it here.',
    'The token we use here was deprecated in the last design system release.',
    'Checked against the spec: it should be 16px, it is 12px.',
    'Would a tooltip be enough, or do we need a redesign here?',
  ],
  idea: [
    'Love this. Can we test it with a small share of traffic first?',
    'We tried something similar last year and it did not move conversion.',
    'Worth a quick prototype before we commit.',
  ],
  feedback: [
    'Same impression here.',
    'I watched five people use this page yesterday and two hesitated right here.',
    'I actually like it as is; it gives the page some weight.',
  ],
  question: [
    'Good question, I do not know either. Asking in the team channel.',
    'The original spec said {el} should behave exactly like this, so maybe the spec is wrong.',
    'As far as I know it was a deliberate choice, but the reason is not written down anywhere.',
  ],
  accessibility: [
    'Confirmed with VoiceOver on macOS.',
    'Axe flags it too, along with two other issues on {page}.',
    'This blocks our accessibility statement, so it should be high priority.',
  ],
  performance: [
    'I measured it: about {secs}s on a mid-range phone.',
    'Lighthouse puts it as the largest contentful paint element.',
    'The bundle for this page grew a lot in the last release.',
  ],
};

/** What an agent posts when asked to investigate (via claude, cursor, …). */
export const AGENT_NOTES_STAMPED = [
  'Investigated: {el} is rendered by {component} in {file}:{line}. The handler is attached after hydration, so the first click before that is lost. Suggested fix: render the control disabled until hydrated.',
  'Looked into {file}:{line}. {component} reads its width from the parent, which collapses below 400px. A min-width on the wrapper fixes it without touching the component API.',
  'Plan: 1) add a regression test around {component}, 2) move the state up so it survives navigation, 3) remove the duplicate effect in {file}. Estimated small.',
  'Root cause: {component} ({file}:{line}) formats the value with the browser locale, while the server expects en-US. Proposed fix is to format on the server.',
  'Opened a draft change that updates {component} in {file}; screenshots before/after are in the description.',
];

export const AGENT_NOTES_UNSTAMPED = [
  'Investigated: the selector {selector} matches two elements on {page}; the second copy sits under the cookie banner and receives the click.',
  'Checked {page} at three widths. {El} only breaks between 600 and 820px, where the grid switches to two columns.',
  'Plan: update the copy in the CMS entry for {page}, then re-check the mobile layout since the new text is longer.',
  'The asset behind {el} is served without width hints, so the browser downloads the largest variant. Adding srcset should fix it.',
];

/** The last word before a thread is resolved: says what changed. */
export const RESOLUTION_NOTES: Record<string, readonly string[]> = {
  bug: [
    'Fixed in {sha}: {el} now works in {browser} as well. Deployed to production.',
    'Fixed: the handler was attached twice. Shipped in release {release}.',
    'Deployed a fix for the overlap; checked at 360, 768 and 1280px.',
    'Could not reproduce after the CSS refactor in {sha}. Closing; reopen if it comes back.',
    'Fixed the validation so errors show inline while typing. Live now.',
  ],
  idea: [
    'Shipped in {release}: {el} now does this. Thanks for the suggestion!',
    'We tried it behind a flag and it tested well, so it is on for everyone now.',
    'Decided against it after the user tests; the current behaviour is clearer. Closing.',
  ],
  feedback: [
    'Toned down {el} and increased spacing above it. Live now.',
    'Adjusted per the review; the new version is on staging and production.',
    'Thanks! Kept as is after discussion.',
  ],
  copy: [
    'Updated the wording of {el}; live after the CMS publish.',
    'Fixed the typo and checked the other locales for the same mistake.',
    'Changed to sentence case across {page}.',
  ],
  question: [
    'Answered above: yes, that is intended. Closing.',
    'Confirmed with the owner; the content is updated now.',
    'Answered in the thread. No change needed.',
  ],
  design: [
    'Updated {el} to the new tokens; contrast is now 4.8:1.',
    'Aligned to the 8px grid and fixed the radius. Shipped in {sha}.',
    'Hover and focus states updated to match the design system.',
  ],
  accessibility: [
    'Added an accessible name and a visible focus ring to {el}. Verified with VoiceOver and NVDA.',
    'Errors now use an icon and text as well as colour, and are announced via aria-live.',
    'Added alt text and checked the rest of {page} for the same problem.',
  ],
  performance: [
    'Converted the asset to AVIF with srcset; LCP on 4G is down to about 1.9s.',
    'Deferred the script until interaction; main-thread blocking is gone in the profile.',
    'Lazy-loaded everything below the fold on {page}. Much smoother on low-end phones.',
  ],
};

/** Why something was deferred. Posted as the last reply when a reason was given. */
export const DEFERRAL_NOTES = [
  'Deferring until the {quarter} redesign; this whole section is being rebuilt anyway.',
  'Parking this: legal has to sign off on the wording before we change it.',
  'Out of scope for the launch. Moving to the backlog and revisiting after.',
  'Waiting on the new illustrations from the brand team; no point fixing the old ones.',
  'Low impact and the experiment on {page} is still running. Revisit when it ends.',
  'Blocked on the CMS migration, which lands next quarter.',
  'We will handle this together with the navigation rework, deferring for now.',
  'Not enough people hit this to justify the change right now. Deferring.',
];

/** Posted by someone who reopens a resolved thread. */
export const REOPEN_NOTES = [
  'Reopening: still happening for me in {browser} after the deploy.',
  'This came back after the latest release, reopening.',
  'Reopening, the fix only covered desktop.',
];

/** Opening words that turn a template into a slightly different duplicate report. */
export const DUPLICATE_PREFIXES = [
  '',
  '',
  'Same here: ',
  'Also seeing this: ',
  'Again: ',
  'FYI ',
  'Not sure if reported yet, but ',
  'Hey, ',
];
export const DUPLICATE_SUFFIXES = [
  '',
  '',
  ' Happens every time.',
  ' Still seeing this today.',
  ' Pretty annoying.',
  ' Can someone look?',
  ' Noticed it during the demo.',
];

export const REACTIONS = ['👍', '👍', '👍', '❤️', '👀', '🎉', '🙏', '😬'];
