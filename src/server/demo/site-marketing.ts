import { el, page, src, tpl, type SiteSpec } from './site-model.js';

/** Acme's public marketing site (Astro + React islands). Stamped only since the tool was adopted. */

const layout = src('SiteLayout', 'src/layouts/SiteLayout.tsx', 24);
const header = src('SiteHeader', 'src/components/SiteHeader.tsx', 31);
const navMenu = src('NavMenu', 'src/components/NavMenu.tsx', 27);
const footer = src('SiteFooter', 'src/components/SiteFooter.tsx', 55);
const button = (line: number) => src('Button', 'src/components/ui/Button.tsx', line);
const hero = src('Hero', 'src/components/Hero.tsx', 12);
const pricingCard = src('PricingCard', 'src/components/pricing/PricingCard.tsx', 31);
const article = src('ArticleLayout', 'src/layouts/ArticleLayout.tsx', 19);
const signupForm = src('SignupForm', 'src/components/forms/SignupForm.tsx', 40);
const contactForm = src('ContactForm', 'src/components/forms/ContactForm.tsx', 36);
const docsLayout = src('DocsLayout', 'src/layouts/DocsLayout.tsx', 22);

const blogPost = (slug: string, title: string, w: number) =>
  page(
    `/blog/${slug}`,
    `${title} — Acme Blog`,
    `the “${title}” post`,
    w,
    src('BlogPost', 'src/pages/blog/[slug].tsx', 14),
    [
      el('heading', 'hero', title, 'article.post h1.post-title', {
        src: src('ArticleHeader', 'src/components/blog/ArticleHeader.tsx', 18),
        via: [article],
      }),
      el('text', 'hero', 'Author byline', 'article.post .byline', {
        noun: 'the author byline',
        src: src('ArticleHeader', 'src/components/blog/ArticleHeader.tsx', 33),
        via: [article],
      }),
      el('image', 'body', 'Inline diagram', 'article.post figure img', {
        noun: 'the inline diagram',
        src: src('Figure', 'src/components/blog/Figure.tsx', 11),
        via: [article],
      }),
      el('text', 'body', 'Code sample', 'article.post pre.code-block', {
        noun: 'the code sample',
        src: src('CodeBlock', 'src/components/blog/CodeBlock.tsx', 27),
        via: [article],
      }),
      el('button', 'body', 'Share', 'article.post .share-buttons button.share', {
        src: src('ShareButtons', 'src/components/blog/ShareButtons.tsx', 15),
        via: [article],
        w: 0.6,
      }),
      el('input', 'bottom', 'Email', '.post-newsletter input[type="email"]', {
        noun: 'the newsletter email field',
        src: src('NewsletterForm', 'src/components/NewsletterForm.tsx', 22),
        via: [article],
        w: 0.7,
      }),
    ],
  );

export const MARKETING_SITE: SiteSpec = {
  layout,
  chromeShare: 0.18,
  chrome: [
    el('link', 'header', 'Acme', 'header.site-header a.logo', { noun: 'the Acme logo', src: header, w: 0.6 }),
    el('link', 'header', 'Product', 'header.site-header nav a.nav-link[href="/features"]', {
      src: navMenu,
      via: [header],
      w: 1.2,
    }),
    el('link', 'header', 'Pricing', 'header.site-header nav a.nav-link[href="/pricing"]', {
      src: { ...navMenu, line: 31 },
      via: [header],
    }),
    el('link', 'header', 'Customers', 'header.site-header nav a.nav-link[href="/customers"]', {
      src: { ...navMenu, line: 35 },
      via: [header],
      w: 0.6,
    }),
    el('link', 'header', 'Resources', 'header.site-header nav button.nav-dropdown', {
      noun: 'the Resources menu',
      src: { ...navMenu, line: 48 },
      via: [header],
    }),
    el('button', 'header', 'Start free trial', 'header.site-header a.btn.btn-primary', {
      src: button(19),
      via: [header],
      w: 1.4,
    }),
    el('link', 'header', 'Sign in', 'header.site-header a.sign-in', { src: { ...header, line: 52 }, w: 0.7 }),
    el('link', 'footer', 'Privacy', 'footer.site-footer a[href="/legal/privacy"]', { src: footer, w: 0.4 }),
    el('nav', 'footer', 'Footer', 'footer.site-footer nav.footer-columns', { src: { ...footer, line: 31 }, w: 0.6 }),
    el('button', 'bottom', 'Accept all', '#cookie-banner button.accept', {
      noun: 'the cookie banner',
      src: src('CookieBanner', 'src/components/CookieBanner.tsx', 36),
      w: 1.1,
    }),
    el('input', 'footer', 'Email', 'footer.site-footer form.newsletter input[type="email"]', {
      noun: 'the footer newsletter field',
      src: src('NewsletterForm', 'src/components/NewsletterForm.tsx', 22),
      via: [footer],
      w: 0.5,
    }),
  ],
  pages: [
    page(
      '/',
      'Acme — Feedback loops for product teams',
      'the homepage',
      10,
      src('HomePage', 'src/pages/index.tsx', 9),
      [
        el('heading', 'hero', 'Ship feedback loops, not meetings', 'section.hero h1', {
          src: { ...hero, line: 18 },
          w: 2,
        }),
        el('text', 'hero', 'Hero subtitle', 'section.hero p.lede', {
          noun: 'the hero subtitle',
          src: { ...hero, line: 24 },
        }),
        el('button', 'hero', 'Start free trial', 'section.hero a.btn.btn-primary', {
          src: button(19),
          via: [hero],
          w: 2,
        }),
        el('button', 'hero', 'Watch the demo', 'section.hero button.btn-secondary', { src: button(19), via: [hero] }),
        el('image', 'hero', 'Product screenshot', 'section.hero img.hero-shot', {
          noun: 'the hero product screenshot',
          src: { ...hero, line: 41 },
          w: 1.4,
        }),
        el('image', 'body', 'Customer logo strip', 'section.logos ul.logo-strip', {
          noun: 'the customer logo strip',
          src: src('LogoStrip', 'src/components/LogoStrip.tsx', 9),
        }),
        el('card', 'body', 'Feature card', 'section.features .feature-card:nth-child(2)', {
          noun: 'the second feature card',
          src: src('FeatureCard', 'src/components/FeatureCard.tsx', 14),
          via: [src('FeatureGrid', 'src/components/FeatureGrid.tsx', 24)],
        }),
        el('card', 'body', 'Testimonial', 'section.testimonials blockquote.testimonial', {
          noun: 'the testimonial carousel',
          src: src('Testimonial', 'src/components/Testimonial.tsx', 16),
        }),
        el('banner', 'bottom', 'Final call to action', 'section.cta-band', {
          noun: 'the closing call-to-action band',
          src: src('CtaBand', 'src/components/CtaBand.tsx', 8),
          w: 0.7,
        }),
      ],
      [
        tpl(
          'copy',
          'The hero says “not meetings” but the very next section is about scheduling reviews. The message contradicts itself.',
          'Hero message contradicts the section below',
        ),
        tpl(
          'performance',
          'The hero video autoplays and pushes the homepage LCP to about {secs}s on 4G. Could we use a poster image until it is in view?',
          'Autoplay hero video slows homepage load',
        ),
        tpl(
          'design',
          'The logo strip is greyscale but two logos are still in colour, so they jump out.',
          'Two customer logos not greyscale',
        ),
      ],
    ),
    page(
      '/pricing',
      'Pricing — Acme',
      'the pricing page',
      8,
      src('PricingPage', 'src/pages/pricing.tsx', 12),
      [
        el('toggle', 'hero', 'Monthly / Annual', '.pricing-header .billing-toggle', {
          noun: 'the monthly/annual toggle',
          src: src('PlanToggle', 'src/components/pricing/PlanToggle.tsx', 20),
          w: 1.6,
        }),
        el('card', 'body', 'Team plan', '.plans .plan-card[data-plan="team"]', {
          noun: 'the Team plan card',
          src: pricingCard,
          w: 2,
        }),
        el('card', 'body', 'Business plan', '.plans .plan-card[data-plan="business"]', {
          noun: 'the Business plan card',
          src: pricingCard,
          w: 1.4,
        }),
        el('button', 'body', 'Start with Team', '.plan-card[data-plan="team"] a.btn.btn-primary', {
          src: button(19),
          via: [pricingCard],
          w: 1.5,
        }),
        el('link', 'body', 'Talk to sales', '.plan-card[data-plan="enterprise"] a.contact-sales', {
          src: { ...pricingCard, line: 66 },
        }),
        el('table', 'body', 'Plan comparison', 'section.compare table.comparison', {
          noun: 'the plan comparison table',
          src: src('ComparisonTable', 'src/components/pricing/ComparisonTable.tsx', 47),
          w: 1.3,
        }),
        el('toggle', 'body', 'Can I change plans later?', 'section.faq details:nth-of-type(2) summary', {
          noun: 'the “Can I change plans later?” FAQ',
          src: src('FaqAccordion', 'src/components/FaqAccordion.tsx', 19),
        }),
      ],
      [
        tpl(
          'bug',
          'Switching billing to Annual updates the Team price but the Business card still shows the monthly price.',
          'Annual toggle does not update Business price',
          ['toggle', 'card'],
        ),
        tpl(
          'question',
          'Are the prices on {page} before or after VAT? Customers in the EU keep asking sales.',
          'Unclear whether prices include VAT',
        ),
        tpl(
          'copy',
          '“Unlimited guests” on the Team card conflicts with the comparison table, which says 10 guests.',
          'Guest limit differs between card and table',
        ),
        tpl(
          'idea',
          'Show the annual saving as an amount, not just “save 20%”. People compare totals.',
          'Show annual savings as an amount',
        ),
      ],
    ),
    page(
      '/features',
      'Features — Acme',
      'the features page',
      4,
      src('FeaturesPage', 'src/pages/features/index.tsx', 10),
      [
        el('nav', 'hero', 'Feature tabs', '.feature-tabs [role="tablist"]', {
          noun: 'the feature tabs',
          src: src('FeatureTabs', 'src/components/FeatureTabs.tsx', 33),
        }),
        el('image', 'body', 'Feature screenshot', '.feature-tabs [role="tabpanel"] img', {
          noun: 'the feature screenshot',
          src: src('FeatureTabs', 'src/components/FeatureTabs.tsx', 58),
        }),
        el('link', 'body', 'See all integrations', 'section.integrations-teaser a.arrow-link', {
          src: src('ArrowLink', 'src/components/ui/ArrowLink.tsx', 7),
        }),
      ],
    ),
    page(
      '/features/automation',
      'Automation — Acme',
      'the automation page',
      2,
      src('AutomationPage', 'src/pages/features/automation.tsx', 11),
      [
        el('heading', 'hero', 'Let the busywork run itself', 'section.hero h1', { src: { ...hero, line: 18 } }),
        el('image', 'body', 'Workflow diagram', 'section.workflow svg.diagram', {
          noun: 'the workflow diagram',
          src: src('WorkflowDiagram', 'src/components/WorkflowDiagram.tsx', 40),
        }),
        el('button', 'body', 'Try a template', 'section.templates a.btn', { src: button(19) }),
      ],
    ),
    page(
      '/features/analytics',
      'Analytics — Acme',
      'the analytics page',
      2,
      src('AnalyticsPage', 'src/pages/features/analytics.tsx', 11),
      [
        el('heading', 'hero', 'See where feedback piles up', 'section.hero h1', { src: { ...hero, line: 18 } }),
        el('image', 'body', 'Sample chart', 'section.charts figure.chart', {
          noun: 'the sample chart',
          src: src('ChartPreview', 'src/components/ChartPreview.tsx', 22),
        }),
      ],
    ),
    page(
      '/integrations',
      'Integrations — Acme',
      'the integrations page',
      3,
      src('IntegrationsPage', 'src/pages/integrations.tsx', 16),
      [
        el('input', 'hero', 'Search integrations', '.integrations input[type="search"]', {
          noun: 'the integration search box',
          src: src('IntegrationSearch', 'src/components/IntegrationSearch.tsx', 19),
          w: 1.4,
        }),
        el('card', 'body', 'Linear integration', '.integration-grid .tile[data-slug="linear"]', {
          noun: 'the Linear integration tile',
          src: src('IntegrationTile', 'src/components/IntegrationTile.tsx', 12),
        }),
        el('card', 'body', 'Slack integration', '.integration-grid .tile[data-slug="slack"]', {
          noun: 'the Slack integration tile',
          src: src('IntegrationTile', 'src/components/IntegrationTile.tsx', 12),
        }),
        el('select', 'body', 'Category', '.integrations select.category-filter', {
          noun: 'the category filter',
          src: src('IntegrationSearch', 'src/components/IntegrationSearch.tsx', 41),
        }),
      ],
      [
        tpl(
          'bug',
          'Searching for “jira” in {el} shows no results, but Jira is listed further down the page.',
          'Integration search misses Jira',
          ['input'],
        ),
      ],
    ),
    page(
      '/customers',
      'Customer stories — Acme',
      'the customers page',
      2,
      src('CustomersPage', 'src/pages/customers/index.tsx', 9),
      [
        el('card', 'body', 'Northwind story', '.stories .story-card:first-child', {
          noun: 'the Northwind story card',
          src: src('StoryCard', 'src/components/StoryCard.tsx', 17),
        }),
        el('select', 'hero', 'Industry', '.stories-filter select', {
          noun: 'the industry filter',
          src: src('StoryFilter', 'src/components/StoryFilter.tsx', 10),
        }),
      ],
    ),
    page(
      '/customers/northwind',
      'Northwind cut onboarding time in half — Acme',
      'the Northwind case study',
      1,
      src('StoryPage', 'src/pages/customers/[slug].tsx', 21),
      [
        el('text', 'body', 'Pull quote', 'article.story blockquote.pull-quote', {
          noun: 'the pull quote',
          src: src('PullQuote', 'src/components/PullQuote.tsx', 6),
        }),
        el('text', 'hero', 'Key numbers', 'article.story .stats', {
          noun: 'the key numbers row',
          src: src('StatRow', 'src/components/StatRow.tsx', 14),
        }),
      ],
    ),
    page('/about', 'About us — Acme', 'the about page', 1, src('AboutPage', 'src/pages/about.tsx', 8), [
      el('image', 'hero', 'Team photo', 'section.team img.team-photo', {
        noun: 'the team photo',
        src: src('AboutPage', 'src/pages/about.tsx', 30),
      }),
      el('text', 'body', 'Company timeline', 'section.timeline ol', {
        noun: 'the company timeline',
        src: src('Timeline', 'src/components/Timeline.tsx', 12),
      }),
    ]),
    page('/careers', 'Careers — Acme', 'the careers page', 1.5, src('CareersPage', 'src/pages/careers.tsx', 10), [
      el('link', 'body', 'Senior Frontend Engineer', '.jobs li.job-row:first-child a', {
        noun: 'the first job listing',
        src: src('JobRow', 'src/components/JobRow.tsx', 9),
      }),
      el('button', 'hero', 'See open roles', 'section.hero a.btn', { src: button(19), via: [hero] }),
    ]),
    page(
      '/contact',
      'Contact sales — Acme',
      'the contact form',
      2,
      src('ContactPage', 'src/pages/contact.tsx', 12),
      [
        el('input', 'body', 'Work email', 'form.contact input[name="email"]', { src: contactForm, w: 1.2 }),
        el('select', 'body', 'Company size', 'form.contact select[name="size"]', { src: { ...contactForm, line: 58 } }),
        el('input', 'body', 'Message', 'form.contact textarea[name="message"]', {
          noun: 'the message box',
          src: { ...contactForm, line: 71 },
        }),
        el('button', 'body', 'Send message', 'form.contact button[type="submit"]', {
          src: button(19),
          via: [contactForm],
          w: 1.3,
        }),
      ],
      [
        tpl(
          'bug',
          'After sending the contact form the page scrolls to the top and the success message is off-screen, so it looks like nothing happened.',
          'Contact form success message off-screen',
        ),
      ],
    ),
    page('/blog', 'Blog — Acme', 'the blog index', 3, src('BlogIndex', 'src/pages/blog/index.tsx', 13), [
      el('card', 'body', 'Featured post', '.posts .post-card.featured', {
        noun: 'the featured post card',
        src: src('PostCard', 'src/components/blog/PostCard.tsx', 21),
      }),
      el('nav', 'hero', 'Category', '.blog-categories', {
        noun: 'the category tabs',
        src: src('CategoryTabs', 'src/components/blog/CategoryTabs.tsx', 15),
      }),
      el('button', 'bottom', 'Load more', '.posts button.load-more', { src: button(19) }),
    ]),
    blogPost('launch-week-recap', 'Launch week recap', 1.5),
    blogPost('how-we-price', 'How we think about pricing', 1.5),
    blogPost('design-system-2', 'Design system 2.0', 1),
    page(
      '/docs/getting-started',
      'Getting started — Acme Docs',
      'the getting started guide',
      2,
      src('DocsPage', 'src/pages/docs/[...slug].tsx', 18),
      [
        el('nav', 'body', 'Docs sidebar', 'aside.docs-sidebar nav', {
          noun: 'the docs sidebar',
          src: src('DocsSidebar', 'src/components/docs/DocsSidebar.tsx', 26),
          via: [docsLayout],
        }),
        el('text', 'body', 'Install snippet', 'main.docs pre.code-block:first-of-type', {
          noun: 'the install snippet',
          src: src('CodeBlock', 'src/components/blog/CodeBlock.tsx', 27),
          via: [docsLayout],
        }),
        el('button', 'body', 'Copy', 'main.docs pre.code-block button.copy', {
          src: src('CodeBlock', 'src/components/blog/CodeBlock.tsx', 44),
          via: [docsLayout],
        }),
        el('link', 'bottom', 'Next: Invite your team', 'main.docs a.next-page', {
          src: src('DocsPager', 'src/components/docs/DocsPager.tsx', 12),
          via: [docsLayout],
        }),
      ],
      [
        tpl(
          'bug',
          'The install snippet still uses the old package name; copying it fails with “package not found”.',
          'Install snippet uses old package name',
        ),
      ],
    ),
    page('/security', 'Security — Acme', 'the security page', 1, src('SecurityPage', 'src/pages/security.tsx', 9), [
      el('image', 'hero', 'Compliance badges', 'section.badges', {
        noun: 'the compliance badges',
        src: src('SecurityPage', 'src/pages/security.tsx', 27),
      }),
      el('link', 'body', 'Download the report', 'section.reports a.download', {
        src: src('SecurityPage', 'src/pages/security.tsx', 44),
      }),
    ]),
    page(
      '/signup',
      'Create your account — Acme',
      'the sign-up page',
      4,
      src('SignupPage', 'src/pages/signup.tsx', 8),
      [
        el('input', 'body', 'Work email', 'form.signup input[name="email"]', { src: signupForm, w: 1.5 }),
        el('input', 'body', 'Password', 'form.signup input[name="password"]', {
          src: { ...signupForm, line: 52 },
          w: 1.3,
        }),
        el('button', 'body', 'Create account', 'form.signup button[type="submit"]', {
          src: button(19),
          via: [signupForm],
          w: 1.6,
        }),
        el('button', 'body', 'Sign up with Google', 'form.signup button.sso-google', {
          src: src('SsoButton', 'src/components/forms/SsoButton.tsx', 11),
          via: [signupForm],
        }),
        el('text', 'body', 'Terms notice', 'form.signup p.terms', {
          noun: 'the terms notice',
          src: { ...signupForm, line: 88 },
          w: 0.6,
        }),
      ],
      [
        tpl(
          'bug',
          'The password rules only appear after submitting. Show them while typing so people do not fail twice.',
          'Password rules shown only after submit',
          ['input'],
        ),
        tpl(
          'accessibility',
          'The error under {el} is only shown in red; screen readers do not announce it.',
          'Sign-up errors not announced',
          ['input'],
        ),
      ],
    ),
    page('/login', 'Sign in — Acme', 'the sign-in page', 2, src('LoginPage', 'src/pages/login.tsx', 8), [
      el('input', 'body', 'Email', 'form.login input[name="email"]', {
        src: src('LoginForm', 'src/components/forms/LoginForm.tsx', 21),
      }),
      el('link', 'body', 'Forgot password?', 'form.login a.forgot', {
        src: src('LoginForm', 'src/components/forms/LoginForm.tsx', 47),
      }),
      el('button', 'body', 'Sign in', 'form.login button[type="submit"]', {
        src: button(19),
        via: [src('LoginForm', 'src/components/forms/LoginForm.tsx', 21)],
      }),
    ]),
    page('/changelog', 'Changelog — Acme', 'the changelog', 1, src('ChangelogPage', 'src/pages/changelog.tsx', 10), [
      el('heading', 'body', 'Latest release', '.changelog article:first-child h2', {
        noun: 'the latest release heading',
        src: src('ChangelogEntry', 'src/components/ChangelogEntry.tsx', 14),
      }),
      el('button', 'hero', 'Subscribe to updates', '.changelog-header button', { src: button(19) }),
    ]),
    page('/webinars', 'Webinars — Acme', 'the webinars page', 0.8, src('WebinarsPage', 'src/pages/webinars.tsx', 9), [
      el('card', 'body', 'Upcoming webinar', '.webinars .webinar-card:first-child', {
        noun: 'the upcoming webinar card',
        src: src('WebinarCard', 'src/components/WebinarCard.tsx', 18),
      }),
      el('button', 'body', 'Register', '.webinar-card button.register', {
        src: button(19),
        via: [src('WebinarCard', 'src/components/WebinarCard.tsx', 18)],
      }),
    ]),
    page(
      '/legal/privacy',
      'Privacy policy — Acme',
      'the privacy policy',
      0.5,
      src('LegalPage', 'src/pages/legal/[slug].tsx', 11),
      [
        el('nav', 'body', 'Table of contents', 'aside.toc', {
          noun: 'the table of contents',
          src: src('Toc', 'src/components/Toc.tsx', 8),
        }),
        el('text', 'body', 'Subprocessors paragraph', 'main.legal section#subprocessors p', {
          noun: 'the subprocessors paragraph',
          src: src('LegalPage', 'src/pages/legal/[slug].tsx', 40),
        }),
      ],
    ),
  ],
};
