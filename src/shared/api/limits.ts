/** The limits table of the API contract, as named constants shared by server and client. */
export const LIMITS = {
  /** Personal token: sustained requests per minute. */
  ratePerMinute: 300,
  /** Personal token: burst size of the token bucket. */
  rateBurst: 120,
  /** Reply or item body, characters. */
  bodyMaxChars: 4000,
  mentionsMax: 10,
  linksMax: 5,
  /** Rule text must be strictly shorter than this. */
  ruleMaxCharsExclusive: 500,
  ruleCitedMax: 5,
  mergeDuplicatesMax: 50,
  /** Whole-project reads look at the most recent N threads only. */
  scanLimit: 2000,
  itemsLimitDefault: 50,
  itemsLimitMax: 200,
  sourceLimitDefault: 50,
  sourceLimitMax: 200,
  similarLimitDefault: 5,
  similarLimitMax: 20,
  decisionsLimitDefault: 15,
  decisionsLimitMax: 30,
  reviewOverviewRows: 25,
  reviewSectionRows: 100,
  reviewSectionConversations: 5,
  whatsNewFirstLookbackDays: 7,
  // ---- caps on stored and queried text (not in the contract; docs/security.md says why) ----
  /** Page URLs and link URLs: the de-facto limit browsers, proxies and search engines keep to. */
  urlMaxChars: 2048,
  /** The page path threads are grouped by (summary.byPage, filters); longer paths are cut. */
  pagePathMaxChars: 300,
  linkLabelMaxChars: 200,
  selectorMaxChars: 1000,
  pageTitleMaxChars: 300,
  /** A person named in mentions or assignee: a user ID, an e-mail address (254 at most) or a name. */
  personRefMaxChars: 254,
  /** Workspace, project, item and user IDs, here and in the client's checks (src/shared/bridge/item-id.ts): far above any real ID. */
  idMaxChars: 200,
  /** Type keys and component names. */
  nameMaxChars: 200,
  /** A source file path in a query. */
  filePathMaxChars: 1024,
  /** Query numbers: offsets stay inside the scan window, source lines below a million. */
  offsetMax: 2000,
  lineMax: 1_000_000,
  /** The largest time a JavaScript Date holds (year 275760); `since` beyond it is refused. */
  maxMillis: 8_640_000_000_000_000,
} as const;

export const API_PREFIX = '/api/v1';
