import type { PersonKey, WorkspaceKey } from './personas.js';
import { stableId } from './random.js';
import { CHECKOUT_SITE } from './site-checkout.js';
import { MARKETING_SITE } from './site-marketing.js';
import type { SiteSpec } from './site-model.js';
import { BRAND_SITE, HOLIDAY_SITE, LABS_SITE, RECIPE_SITE, SHOP_SITE, STUDIO_SITE } from './site-others.js';

/**
 * Every demo project and how much of what it holds. Sizes are chosen for what the app must
 * show: Marketing site exceeds the 2,000-thread scan limit, Checkout app is fully stamped,
 * Brand refresh has no stamps at all, and the one-project workspaces stay small.
 */

export interface RulePlan {
  text: string;
  /** Threads of this type are cited as the rule's source. */
  type: string;
  by: PersonKey;
  daysAgo: number;
}

export interface ProjectPlan {
  key: string;
  id: string;
  workspace: WorkspaceKey;
  name: string;
  slug: string;
  repo: string | null;
  siteUrl: string;
  archived: boolean;
  context: string;
  createdDaysAgo: number;
  site: SiteSpec;
  /** Live threads (not merged away), unmerged near-duplicates included. */
  live: number;
  /** Clusters whose extra reports were merged into a kept thread (on top of `live`). */
  mergedClusters: number;
  /** Clusters of near-identical open threads nobody has merged yet. */
  unmergedClusters: number;
  /** Thread ages are drawn between these, denser towards the recent end. */
  ageDays: readonly [number, number];
  /** Threads captured within this many days carry source stamps; null: never stamped. */
  stampedWithinDays: number | null;
  typeWeights: readonly (readonly [string, number])[];
  linearPrefix: string | null;
  rules: readonly RulePlan[];
}

const WEB_TYPES = [
  ['bug', 22],
  ['copy', 18],
  ['feedback', 16],
  ['design', 14],
  ['idea', 12],
  ['question', 10],
  ['accessibility', 5],
  ['performance', 3],
] as const;
const APP_TYPES = [
  ['bug', 38],
  ['design', 10],
  ['feedback', 12],
  ['question', 10],
  ['idea', 8],
  ['copy', 8],
  ['accessibility', 8],
  ['performance', 6],
] as const;
const BRAND_TYPES = [
  ['design', 35],
  ['feedback', 25],
  ['copy', 15],
  ['question', 15],
  ['idea', 10],
  ['accessibility', 4],
] as const;

const plan = (p: Omit<ProjectPlan, 'id'>): ProjectPlan => ({ ...p, id: stableId('prj', p.key) });

export const PROJECT_PLANS: readonly ProjectPlan[] = [
  plan({
    key: 'marketing-site',
    workspace: 'acmeWeb',
    name: 'Marketing site',
    slug: 'marketing-site',
    repo: 'https://github.com/acme/marketing-site',
    siteUrl: 'https://www.acme.example',
    archived: false,
    context:
      'The public marketing site at www.acme.example: homepage, pricing, features, blog and docs. Built with Astro and React islands; content lives in the CMS. The brand team owns copy, web engineering owns everything else.',
    createdDaysAgo: 420,
    site: MARKETING_SITE,
    live: 2300,
    mergedClusters: 55,
    unmergedClusters: 24,
    ageDays: [0.02, 365],
    stampedWithinDays: 140,
    typeWeights: WEB_TYPES,
    linearPrefix: 'WEB',
    rules: [
      {
        text: 'Wording changes anywhere on the site are copy, even when reported as a bug.',
        type: 'copy',
        by: 'olivia',
        daysAgo: 210,
      },
      {
        text: 'Contrast, focus and screen-reader problems are accessibility, not design.',
        type: 'accessibility',
        by: 'adam',
        daysAgo: 150,
      },
      { text: 'Slow pages and heavy images are performance.', type: 'performance', by: 'priya', daysAgo: 60 },
    ],
  }),
  plan({
    key: 'checkout-app',
    workspace: 'acmeWeb',
    name: 'Checkout app',
    slug: 'checkout-app',
    repo: 'https://github.com/acme/checkout-app',
    siteUrl: 'https://checkout.acme.example',
    archived: false,
    context:
      'The checkout flow (cart, shipping, payment, review, confirmation) and order history. React + Vite, every build stamped. Payments go through the PSP sandbox on staging; never test with real cards.',
    createdDaysAgo: 400,
    site: CHECKOUT_SITE,
    live: 300,
    mergedClusters: 10,
    unmergedClusters: 6,
    ageDays: [0.02, 360],
    stampedWithinDays: Infinity,
    typeWeights: APP_TYPES,
    linearPrefix: 'PAY',
    rules: [
      {
        text: 'Anything that can make a payment fail or charge twice is a bug, never feedback.',
        type: 'bug',
        by: 'olivia',
        daysAgo: 240,
      },
      {
        text: 'Questions about form fields from reviewers are questions, not bugs.',
        type: 'question',
        by: 'adam',
        daysAgo: 90,
      },
    ],
  }),
  plan({
    key: 'brand-refresh',
    workspace: 'acmeWeb',
    name: 'Brand refresh',
    slug: 'brand-refresh',
    repo: null,
    siteUrl: 'https://brand.acme.example',
    archived: false,
    context:
      'Guidelines site for the 2025 brand refresh: logo, colour, type, illustration, voice. Static pages exported from the design tool; no repository.',
    createdDaysAgo: 200,
    site: BRAND_SITE,
    live: 120,
    mergedClusters: 4,
    unmergedClusters: 3,
    ageDays: [0.05, 190],
    stampedWithinDays: null,
    typeWeights: BRAND_TYPES,
    linearPrefix: 'BRD',
    rules: [
      {
        text: 'Colour and contrast questions go to design unless they block reading.',
        type: 'design',
        by: 'olivia',
        daysAgo: 100,
      },
    ],
  }),
  plan({
    key: 'holiday-campaign',
    workspace: 'acmeWeb',
    name: 'Holiday campaign 2025',
    slug: 'holiday-campaign-2025',
    repo: null,
    siteUrl: 'https://holiday.acme.example',
    archived: true,
    context: 'Microsite for the holiday campaign. Archived after the campaign ended.',
    createdDaysAgo: 340,
    site: HOLIDAY_SITE,
    live: 20,
    mergedClusters: 0,
    unmergedClusters: 0,
    ageDays: [230, 320],
    stampedWithinDays: null,
    typeWeights: WEB_TYPES,
    linearPrefix: null,
    rules: [],
  }),
  plan({
    key: 'labs-playground',
    workspace: 'acmeLabs',
    name: 'Labs playground',
    slug: 'labs-playground',
    repo: 'https://github.com/acme/labs-playground',
    siteUrl: 'https://labs.acme.example',
    archived: false,
    context: 'Prototypes that may never ship. Expect rough edges.',
    createdDaysAgo: 70,
    site: LABS_SITE,
    live: 12,
    mergedClusters: 0,
    unmergedClusters: 0,
    ageDays: [0.1, 65],
    stampedWithinDays: null,
    typeWeights: APP_TYPES,
    linearPrefix: null,
    rules: [],
  }),
  plan({
    key: 'studio-site',
    workspace: 'tiny',
    name: 'Studio site',
    slug: 'studio-site',
    repo: null,
    siteUrl: 'https://tinystudio.example',
    archived: false,
    context: 'Our portfolio site.',
    createdDaysAgo: 220,
    site: STUDIO_SITE,
    live: 14,
    mergedClusters: 0,
    unmergedClusters: 0,
    ageDays: [0.5, 200],
    stampedWithinDays: null,
    typeWeights: BRAND_TYPES,
    linearPrefix: null,
    rules: [],
  }),
  plan({
    key: 'recipe-box',
    workspace: 'side',
    name: 'Recipe Box',
    slug: 'recipe-box',
    repo: 'https://github.com/mia-multi/recipe-box',
    siteUrl: 'https://recipes.multi.example',
    archived: false,
    context: 'A small recipe and shopping-list app. Mobile first.',
    createdDaysAgo: 160,
    site: RECIPE_SITE,
    live: 42,
    mergedClusters: 2,
    unmergedClusters: 1,
    ageDays: [0.05, 150],
    stampedWithinDays: Infinity,
    typeWeights: APP_TYPES,
    linearPrefix: null,
    rules: [{ text: 'Anything about ingredient scaling is a bug.', type: 'bug', by: 'mia', daysAgo: 40 }],
  }),
  plan({
    key: 'storefront',
    workspace: 'solo',
    name: 'Storefront',
    slug: 'storefront',
    repo: null,
    siteUrl: 'https://soloshop.example',
    archived: false,
    context: 'Online shop for handmade ceramics. Hosted theme; changes go through the theme editor.',
    createdDaysAgo: 300,
    site: SHOP_SITE,
    live: 38,
    mergedClusters: 1,
    unmergedClusters: 1,
    ageDays: [0.05, 290],
    stampedWithinDays: null,
    typeWeights: WEB_TYPES,
    linearPrefix: null,
    rules: [
      {
        text: 'Product questions from customers are questions, even when phrased as complaints.',
        type: 'question',
        by: 'sam',
        daysAgo: 120,
      },
    ],
  }),
];
