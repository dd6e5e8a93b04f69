import { el, page, src, tpl, type SiteSpec } from './site-model.js';

/** The smaller sites: brand guidelines, an archived campaign, labs, and the one-project workspaces. */

/** Brand refresh: a static guidelines site built without the stamping tool. */
export const BRAND_SITE: SiteSpec = {
  layout: null,
  chromeShare: 0.08,
  chrome: [
    el('nav', 'header', 'Guidelines', 'header nav.guide-nav', { noun: 'the guidelines navigation' }),
    el('button', 'header', 'Download brand kit', 'header a.btn.download-kit'),
  ],
  pages: [
    page('/brand', 'Brand guidelines — Acme', 'the guidelines overview', 3, null, [
      el('heading', 'hero', 'One Acme, many voices', 'section.intro h1'),
      el('image', 'hero', 'Brand moodboard', 'section.intro .moodboard', { noun: 'the moodboard collage' }),
      el('text', 'body', 'Principles', 'section.principles ol', { noun: 'the brand principles list' }),
    ]),
    page(
      '/brand/logo',
      'Logo — Brand guidelines',
      'the logo page',
      5,
      null,
      [
        el('image', 'hero', 'Primary lockup', 'figure.lockup-primary img', { noun: 'the primary logo lockup', w: 2 }),
        el('image', 'body', 'Clear space diagram', 'figure.clear-space', { noun: 'the clear-space diagram' }),
        el('image', 'body', 'Logo on dark', 'figure.lockup-inverse img', { noun: 'the inverse logo on dark' }),
        el('link', 'body', 'Download SVG', 'figure.lockup-primary a.download'),
      ],
      [
        tpl(
          'design',
          'The new wordmark loses its counters below 24px; we need a simplified small-size version.',
          'Wordmark illegible at small sizes',
        ),
      ],
    ),
    page(
      '/brand/colour',
      'Colour — Brand guidelines',
      'the colour page',
      5,
      null,
      [
        el('card', 'body', 'Ink 900 swatch', '.swatches .swatch[data-token="ink-900"]', {
          noun: 'the Ink 900 swatch',
          w: 1.5,
        }),
        el('card', 'body', 'Signal orange swatch', '.swatches .swatch[data-token="signal-500"]', {
          noun: 'the Signal orange swatch',
          w: 1.5,
        }),
        el('table', 'body', 'Contrast pairs', 'table.contrast-pairs', { noun: 'the contrast pairs table' }),
      ],
      [
        tpl(
          'accessibility',
          'Signal orange on white is only about 2.9:1. It cannot be used for body text; the page should say so.',
          'Signal orange fails contrast on white',
        ),
        tpl('question', 'Are the CMYK values for {el} final? The print shop is asking.', 'CMYK values final?'),
      ],
    ),
    page('/brand/typography', 'Typography — Brand guidelines', 'the typography page', 4, null, [
      el('heading', 'hero', 'Type specimen', 'section.specimen h2', { noun: 'the type specimen' }),
      el('text', 'body', 'Body text sample', 'section.body-sample p', { noun: 'the body text sample' }),
      el('table', 'body', 'Type scale', 'table.type-scale', { noun: 'the type scale table' }),
    ]),
    page('/brand/illustrations', 'Illustrations — Brand guidelines', 'the illustrations page', 3, null, [
      el('image', 'body', 'Hero illustration', '.gallery figure:first-child img', {
        noun: 'the hero illustration',
        w: 1.5,
      }),
      el('text', 'body', 'Style notes', '.gallery .style-notes', { noun: 'the illustration style notes' }),
    ]),
    page(
      '/brand/voice',
      'Voice and tone — Brand guidelines',
      'the voice and tone page',
      3,
      null,
      [
        el('table', 'body', 'Do and don’t', 'table.do-dont', { noun: 'the do and don’t table' }),
        el('text', 'body', 'Example sentence', 'blockquote.example', { noun: 'the example sentence' }),
      ],
      [
        tpl(
          'copy',
          'The “don’t” example uses exclamation marks, but so does our own intro paragraph.',
          'Intro breaks our own voice rule',
        ),
      ],
    ),
    page('/brand/templates', 'Templates — Brand guidelines', 'the templates page', 2, null, [
      el('card', 'body', 'Slide template', '.templates .template-card[data-kind="slides"]', {
        noun: 'the slide template card',
      }),
      el('button', 'body', 'Open in Figma', '.templates .template-card a.figma'),
    ]),
  ],
};

/** Last winter's holiday campaign microsite; the project is archived. */
export const HOLIDAY_SITE: SiteSpec = {
  layout: null,
  chromeShare: 0.1,
  chrome: [el('banner', 'header', 'Holiday promo', '.promo-bar', { noun: 'the promo bar' })],
  pages: [
    page('/holiday', 'Holiday at Acme', 'the holiday landing page', 3, null, [
      el('heading', 'hero', 'Gifts for teams that ship', 'section.hero h1'),
      el('text', 'hero', 'Countdown', '.countdown', { noun: 'the countdown timer' }),
      el('button', 'hero', 'Shop the deals', 'section.hero a.btn'),
    ]),
    page('/holiday/gift-guide', 'Gift guide — Holiday at Acme', 'the gift guide', 2, null, [
      el('card', 'body', 'Gift card', '.gifts .gift-card:first-child', { noun: 'the first gift card' }),
      el('image', 'body', 'Gift photo', '.gifts .gift-card img', { noun: 'the gift photo' }),
    ]),
    page('/holiday/deals', 'Deals — Holiday at Acme', 'the deals page', 2, null, [
      el('card', 'body', 'Annual plan deal', '.deals .deal-card[data-plan="annual"]', {
        noun: 'the annual plan deal card',
      }),
      el('button', 'body', 'Claim offer', '.deals .deal-card a.btn'),
    ]),
  ],
};

export const LABS_SITE: SiteSpec = {
  layout: null,
  chromeShare: 0.1,
  chrome: [el('link', 'header', 'Acme Labs', 'header a.logo', { noun: 'the Labs logo' })],
  pages: [
    page('/experiments', 'Experiments — Acme Labs', 'the experiments list', 2, null, [
      el('card', 'body', 'AI search experiment', '.experiments .experiment-card:first-child', {
        noun: 'the AI search experiment card',
      }),
    ]),
    page('/experiments/ai-search', 'AI search — Acme Labs', 'the AI search prototype', 3, null, [
      el('input', 'hero', 'Ask anything', '.ai-search input[type="search"]', { noun: 'the search box' }),
      el('text', 'body', 'Answer panel', '.ai-search .answer', { noun: 'the answer panel' }),
    ]),
    page('/waitlist', 'Join the waitlist — Acme Labs', 'the waitlist page', 1, null, [
      el('input', 'body', 'Email', 'form.waitlist input[type="email"]'),
      el('button', 'body', 'Join the waitlist', 'form.waitlist button'),
    ]),
  ],
};

export const STUDIO_SITE: SiteSpec = {
  layout: null,
  chromeShare: 0.1,
  chrome: [el('link', 'header', 'Tiny Studio', 'header a.wordmark', { noun: 'the wordmark' })],
  pages: [
    page('/', 'Tiny Studio — Small team, big ideas', 'the studio homepage', 3, null, [
      el('heading', 'hero', 'Small team, big ideas', 'section.hero h1'),
      el('card', 'body', 'Project tile', '.work-grid .tile:first-child', { noun: 'the first project tile' }),
    ]),
    page('/work/harbor-rebrand', 'Harbor rebrand — Tiny Studio', 'the Harbor case study', 2, null, [
      el('image', 'body', 'Gallery image', '.gallery img:nth-child(3)', { noun: 'the third gallery image' }),
      el('text', 'body', 'Caption', '.gallery figcaption', { noun: 'the gallery caption' }),
    ]),
    page('/contact', 'Say hello — Tiny Studio', 'the contact page', 1, null, [
      el('input', 'body', 'Your email', 'form.hello input[type="email"]'),
      el('button', 'body', 'Send', 'form.hello button'),
    ]),
  ],
};

const recipeLayout = src('AppShell', 'app/AppShell.tsx', 12);
const recipeCard = src('RecipeCard', 'app/components/RecipeCard.tsx', 18);

/** Mia's side project: a small Next.js app built with the stamping tool. */
export const RECIPE_SITE: SiteSpec = {
  layout: recipeLayout,
  chromeShare: 0.1,
  chrome: [
    el('input', 'header', 'Search recipes', 'header input[type="search"]', {
      noun: 'the recipe search bar',
      src: src('SearchBar', 'app/components/SearchBar.tsx', 23),
    }),
    el('nav', 'bottom', 'Tab bar', 'nav.tab-bar', {
      noun: 'the bottom tab bar',
      src: src('TabBar', 'app/components/TabBar.tsx', 15),
    }),
  ],
  pages: [
    page('/', 'Recipe Box', 'the home screen', 3, src('HomePage', 'app/page.tsx', 8), [
      el('card', 'body', 'Recipe card', '.recipes .recipe-card:first-child', {
        noun: 'the first recipe card',
        src: recipeCard,
        w: 2,
      }),
      el('button', 'body', 'Add recipe', 'button.fab', {
        noun: 'the add recipe button',
        src: src('Fab', 'app/components/Fab.tsx', 9),
      }),
    ]),
    page(
      '/recipes/lemon-risotto',
      'Lemon risotto — Recipe Box',
      'the risotto recipe',
      3,
      src('RecipePage', 'app/recipes/[slug]/page.tsx', 14),
      [
        el('text', 'body', 'Ingredients', 'ul.ingredients', {
          noun: 'the ingredients list',
          src: src('IngredientList', 'app/components/IngredientList.tsx', 20),
          w: 1.5,
        }),
        el('input', 'body', 'Servings', '.servings input', {
          noun: 'the servings stepper',
          src: src('ServingsStepper', 'app/components/ServingsStepper.tsx', 11),
        }),
        el('button', 'body', 'Start timer', '.step button.timer', {
          src: src('StepTimer', 'app/components/StepTimer.tsx', 30),
        }),
      ],
      [
        tpl(
          'bug',
          'Changing servings to 3 turns “1 lemon” into “1.5 lemons” but leaves the rice at the original amount.',
          'Servings scaling skips some ingredients',
        ),
      ],
    ),
    page(
      '/shopping-list',
      'Shopping list — Recipe Box',
      'the shopping list',
      2,
      src('ShoppingListPage', 'app/shopping-list/page.tsx', 10),
      [
        el('checkbox', 'body', 'Arborio rice', 'ul.shopping li:first-child input[type="checkbox"]', {
          noun: 'the first list item checkbox',
          src: src('ShoppingItem', 'app/components/ShoppingItem.tsx', 13),
        }),
        el('button', 'hero', 'Share list', 'header.list-header button.share', {
          src: src('ShoppingListPage', 'app/shopping-list/page.tsx', 37),
        }),
      ],
    ),
    page(
      '/settings',
      'Settings — Recipe Box',
      'the settings screen',
      1,
      src('SettingsPage', 'app/settings/page.tsx', 9),
      [
        el('toggle', 'body', 'Metric units', '.settings .units-toggle', {
          noun: 'the metric units toggle',
          src: src('UnitsToggle', 'app/components/UnitsToggle.tsx', 12),
        }),
      ],
    ),
  ],
};

/** Sam's shop: a hosted storefront theme, no stamps and no repository. */
export const SHOP_SITE: SiteSpec = {
  layout: null,
  chromeShare: 0.12,
  chrome: [
    el('link', 'header', 'Cart', 'header a.cart-link', { noun: 'the cart icon' }),
    el('banner', 'header', 'Free shipping', '.announcement-bar', { noun: 'the free shipping announcement' }),
  ],
  pages: [
    page('/', 'Solo Shop — Handmade ceramics', 'the shop homepage', 3, null, [
      el('image', 'hero', 'Hero photo', 'section.hero img', { noun: 'the hero photo' }),
      el('card', 'body', 'Featured mug', '.featured .product-card:first-child', { noun: 'the featured product card' }),
    ]),
    page('/shop', 'All products — Solo Shop', 'the product listing', 3, null, [
      el('select', 'hero', 'Sort by', '.collection select.sort', { noun: 'the sort dropdown' }),
      el('card', 'body', 'Product card', '.grid .product-card:nth-child(4)', { noun: 'the fourth product card' }),
    ]),
    page(
      '/product/ceramic-mug',
      'Speckled ceramic mug — Solo Shop',
      'the mug product page',
      4,
      null,
      [
        el('button', 'body', 'Add to cart', 'form.product button[name="add"]', { w: 2 }),
        el('image', 'body', 'Product gallery', '.product-gallery .main-image', { noun: 'the product gallery' }),
        el('select', 'body', 'Glaze', 'form.product select[name="glaze"]', { noun: 'the glaze picker' }),
        el('text', 'body', 'Reviews', 'section.reviews', { noun: 'the reviews section' }),
      ],
      [
        tpl(
          'question',
          'Is the mug dishwasher safe? It is not mentioned anywhere on {page}.',
          'Dishwasher safety not mentioned',
        ),
      ],
    ),
    page('/cart', 'Your cart — Solo Shop', 'the cart', 2, null, [
      el('input', 'body', 'Quantity', '.cart-item input.qty', { noun: 'the quantity field' }),
      el('button', 'bottom', 'Check out', '.cart-footer button.checkout'),
    ]),
    page('/about', 'About — Solo Shop', 'the about page', 1, null, [
      el('text', 'body', 'Studio story', '.about .story', { noun: 'the studio story' }),
    ]),
  ],
};
