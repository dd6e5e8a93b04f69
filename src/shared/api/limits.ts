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
} as const;

export const API_PREFIX = '/api/v1';
