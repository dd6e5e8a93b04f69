import type { FixtureInput } from '../../../src/server/fixture/schema.js';

/**
 * A small hand-made world for the service tests: every role, a free-plan org, a multi-
 * workspace person, and threads covering each filter. Times are relative to NOW so tests
 * read as "n days ago".
 */
export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
export const DAY = 86_400_000;
export const daysAgo = (n: number) => NOW - n * DAY;

export const TOKENS = {
  owner: 'tok-owner',
  admin: 'tok-admin',
  collab: 'tok-collab',
  reviewer: 'tok-reviewer',
  free: 'tok-free',
  multi: 'tok-multi',
  lonely: 'tok-lonely',
  solo: 'tok-solo',
  expired: 'tok-expired',
  revoked: 'tok-revoked',
} as const;

type ItemInput = NonNullable<FixtureInput['items']>[number];

/**
 * JSON read back from the service or broken on purpose: tests poke at arbitrary paths, and
 * the assertions (not the type checker) are what check the shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

/** A world whose fields a test may break at will (invalid fixtures). */
export const asLoose = (w: FixtureInput): Loose => w;

const image = (seed: number) => ({ width: 320, height: 200, seed, title: `Shot ${seed}` });

/** A complete thread with sensible defaults; tests override what they care about. */
export function thread(
  id: string,
  projectId: string,
  o: Partial<ItemInput> & { body?: string; createdAt?: number; authorId?: string } = {},
): ItemInput {
  const createdAt = o.createdAt ?? daysAgo(5);
  const { body, authorId, createdAt: _createdAt, ...rest } = o;
  return {
    id,
    projectId,
    url: `https://web.example/${id}`,
    type: 'bug',
    root: { id, authorId: authorId ?? 'u_owner', body: body ?? `Thread ${id}`, createdAt },
    anchor: { viewport: { width: 1280, height: 800, x: 50, y: 50 } },
    evidence: { capturedAt: createdAt },
    ...rest,
  };
}

export function baseWorld(): FixtureInput {
  return {
    version: 1,
    organizations: [
      { id: 'org_paid', name: 'Paid Co', plan: 'team', agentTools: true },
      { id: 'org_free', name: 'Free Co', plan: 'free', agentTools: false },
      { id: 'org_solo', name: 'Solo Co', plan: 'business', agentTools: true },
    ],
    users: [
      { id: 'u_owner', name: 'Olivia Owner', email: 'olivia@paid.example' },
      { id: 'u_admin', name: 'Adam Admin', email: 'adam@paid.example' },
      { id: 'u_collab', name: 'Cora Collab', email: 'cora@paid.example' },
      { id: 'u_reviewer', name: 'Remy Reviewer', email: 'remy@paid.example' },
      { id: 'u_free', name: 'Finn Free', email: 'finn@free.example' },
      { id: 'u_multi', name: 'Mia Multi', email: 'mia@multi.example' },
      { id: 'u_lonely', name: 'Lonny Lonely', email: 'lonny@nowhere.example' },
      { id: 'u_solo', name: 'Sam Solo', email: 'sam@solo.example' },
    ],
    tokens: [
      { token: TOKENS.owner, userId: 'u_owner' },
      { token: TOKENS.admin, userId: 'u_admin' },
      { token: TOKENS.collab, userId: 'u_collab' },
      { token: TOKENS.reviewer, userId: 'u_reviewer' },
      { token: TOKENS.free, userId: 'u_free' },
      { token: TOKENS.multi, userId: 'u_multi' },
      { token: TOKENS.lonely, userId: 'u_lonely' },
      { token: TOKENS.solo, userId: 'u_solo' },
      { token: TOKENS.expired, userId: 'u_owner', expiresAt: daysAgo(1) },
      { token: TOKENS.revoked, userId: 'u_admin', revokedAt: daysAgo(2) },
    ],
    workspaces: [
      { id: 'ws_main', organizationId: 'org_paid', name: 'Main Web', slug: 'main-web', retentionDays: 30 },
      { id: 'ws_labs', organizationId: 'org_paid', name: 'Labs', slug: 'labs' },
      { id: 'ws_free', organizationId: 'org_free', name: 'Free Studio', slug: 'free-studio' },
      { id: 'ws_side', organizationId: 'org_paid', name: 'Side', slug: 'side' },
      { id: 'ws_solo', organizationId: 'org_solo', name: 'Solo Shop', slug: 'solo-shop' },
    ],
    memberships: [
      { workspaceId: 'ws_main', userId: 'u_owner', role: 'owner' },
      { workspaceId: 'ws_main', userId: 'u_admin', role: 'admin' },
      { workspaceId: 'ws_main', userId: 'u_collab', role: 'collaborator' },
      { workspaceId: 'ws_main', userId: 'u_reviewer', role: 'reviewer' },
      { workspaceId: 'ws_main', userId: 'u_multi', role: 'collaborator' },
      { workspaceId: 'ws_labs', userId: 'u_multi', role: 'reviewer' },
      { workspaceId: 'ws_labs', userId: 'u_owner', role: 'owner' },
      { workspaceId: 'ws_free', userId: 'u_free', role: 'owner' },
      { workspaceId: 'ws_free', userId: 'u_multi', role: 'owner' },
      { workspaceId: 'ws_side', userId: 'u_multi', role: 'owner' },
      { workspaceId: 'ws_solo', userId: 'u_solo', role: 'owner' },
    ],
    projects: [
      {
        id: 'p_web',
        workspaceId: 'ws_main',
        name: 'Web',
        slug: 'web',
        repo: 'https://github.com/paid/web',
        siteUrl: 'https://web.example',
        createdAt: daysAgo(100),
      },
      {
        id: 'p_docs',
        workspaceId: 'ws_main',
        name: 'Docs',
        slug: 'docs',
        siteUrl: 'https://docs.example',
        createdAt: daysAgo(90),
      },
      {
        id: 'p_old',
        workspaceId: 'ws_main',
        name: 'Old Site',
        slug: 'old',
        archived: true,
        siteUrl: 'https://old.example',
        createdAt: daysAgo(400),
      },
      {
        id: 'p_labs',
        workspaceId: 'ws_labs',
        name: 'Labs App',
        slug: 'labs-app',
        siteUrl: 'https://labs.example',
        createdAt: daysAgo(50),
      },
      {
        id: 'p_free',
        workspaceId: 'ws_free',
        name: 'Free Site',
        slug: 'free-site',
        siteUrl: 'https://free.example',
        createdAt: daysAgo(50),
      },
      {
        id: 'p_side',
        workspaceId: 'ws_side',
        name: 'Side App',
        slug: 'side-app',
        siteUrl: 'https://side.example',
        createdAt: daysAgo(40),
      },
      {
        id: 'p_solo',
        workspaceId: 'ws_solo',
        name: 'Solo Store',
        slug: 'solo-store',
        siteUrl: 'https://solo.example',
        createdAt: daysAgo(30),
      },
    ],
    items: [
      thread('it_1', 'p_web', {
        url: 'https://web.example/checkout?step=2',
        pageTitle: 'Checkout',
        body: 'The Pay button is misaligned on mobile',
        createdAt: daysAgo(10),
        assigneeId: 'u_collab',
        assigneeMode: 'fix',
        agentTask: 'fix',
        typeSource: 'manual',
        replies: [
          {
            id: 'r_1a',
            authorId: 'u_admin',
            body: 'Same on Safari, see screenshot',
            createdAt: daysAgo(9),
            mentions: ['u_collab'],
          },
          {
            id: 'r_1b',
            authorId: 'u_collab',
            body: 'Looking into it',
            createdAt: daysAgo(8),
            editedAt: daysAgo(7),
            via: 'claude',
          },
        ],
        anchor: {
          selector: 'button.pay',
          elementText: 'Pay now',
          selectedText: null,
          stampId: 'st-42',
          stampKey: 'Checkout.tsx:42',
          viewport: { width: 390, height: 844, x: 12.5, y: 80 },
        },
        source: {
          file: 'src/checkout/PayButton.tsx',
          line: 42,
          build: 'abc1234',
          branch: 'main',
          component: 'PayButton',
        },
        sourcePath: {
          target: { component: 'PayButton', file: 'src/checkout/PayButton.tsx', line: 42, tag: 'button' },
          above: [{ component: 'CheckoutPage', file: 'src/checkout/Page.tsx', line: 10, tag: 'main' }],
          below: [{ depth: 1, tag: 'span', component: null, file: null, line: null, text: 'Pay now' }],
        },
        evidence: {
          screenshot: { ...image(1), element: { x: 0.1, y: 0.7, w: 0.3, h: 0.1 } },
          domContext: '<button class="pay">Pay now</button>',
          capturedAt: daysAgo(10),
        },
        attachments: [{ authorId: 'u_admin', where: 'reply', image: image(2) }],
        reactions: [{ emoji: '👍', count: 3 }],
        linear: [
          {
            identifier: 'ENG-42',
            url: 'https://linear.app/paid/issue/ENG-42',
            delegateName: 'Claude',
            delegatedMode: 'fix',
          },
        ],
      }),
      thread('it_2', 'p_web', {
        url: 'https://web.example/',
        type: 'idea',
        body: 'Please add a dark mode',
        summary: 'Dark mode request',
        createdAt: daysAgo(40),
        status: 'resolved',
        resolvedAt: daysAgo(1),
        evidence: { screenshot: image(3), domContext: '<header>…</header>', capturedAt: daysAgo(40) },
      }),
      thread('it_3', 'p_web', {
        url: 'https://web.example/pricing',
        body: 'Pricing table overflows',
        createdAt: daysAgo(8),
        status: 'deferred',
        assigneeId: 'u_owner',
        agentTask: 'investigate',
        replies: [
          { id: 'r_3a', authorId: 'u_collab', body: 'The ZEBRA stripes layout breaks at 320px', createdAt: daysAgo(7) },
        ],
      }),
      thread('it_4', 'p_web', {
        url: 'https://web.example/checkout',
        type: 'feedback',
        body: 'Love the new checkout flow',
        createdAt: daysAgo(7),
        authorId: 'u_collab',
      }),
      thread('it_5', 'p_web', {
        url: 'https://web.example/checkout',
        body: 'Pay button misaligned again',
        createdAt: daysAgo(6),
        duplicateOf: 'it_1',
      }),
      thread('it_6', 'p_web', {
        url: 'https://web.example/pricing',
        type: 'bug',
        body: 'Typo in the pricing FAQ',
        createdAt: daysAgo(3),
        agentTask: 'plan',
        assigneeId: 'u_multi',
      }),
      thread('it_d1', 'p_docs', {
        url: 'https://docs.example/start',
        body: 'Docs start page is empty',
        createdAt: daysAgo(2),
      }),
      thread('it_old', 'p_old', { url: 'https://old.example/', body: 'Old site thread', createdAt: daysAgo(300) }),
      thread('it_labs', 'p_labs', { url: 'https://labs.example/', body: 'Labs thread', createdAt: daysAgo(4) }),
      thread('it_free', 'p_free', {
        url: 'https://free.example/',
        body: 'Free site thread',
        createdAt: daysAgo(4),
        authorId: 'u_free',
      }),
      thread('it_side', 'p_side', {
        url: 'https://side.example/',
        body: 'Side thread',
        createdAt: daysAgo(4),
        authorId: 'u_multi',
      }),
      thread('it_solo', 'p_solo', {
        url: 'https://solo.example/cart',
        body: 'Cart total wrong',
        createdAt: daysAgo(1),
        authorId: 'u_solo',
      }),
    ],
    rules: [],
  };
}
