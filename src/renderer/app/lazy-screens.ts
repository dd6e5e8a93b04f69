import { lazyPart } from './lazy-part.js';

/**
 * The parts of the app loaded when first shown rather than at start: each brings code the
 * first board never needs (the reports bring recharts with its Redux, immer and d3).
 */
export const reportsScreen = lazyPart('the reports', () =>
  import('../features/reports/ReportsScreen.js').then((m) => m.ReportsScreen),
);
export const dedupeQueueScreen = lazyPart('the dedupe queue', () =>
  import('../features/dedupe/DedupeQueueScreen.js').then((m) => m.DedupeQueueScreen),
);
export const hotElementsView = lazyPart('hot elements', () =>
  import('../features/evidence/HotElementsView.js').then((m) => m.HotElementsView),
);
export const evidenceGallery = lazyPart('the evidence gallery', () =>
  import('../features/evidence/EvidenceGallery.js').then((m) => m.EvidenceGallery),
);
