import { startBoot } from './bridge/index.js';

/**
 * Imported first by main.tsx, so the boot's calls leave before React and the app's modules
 * are evaluated. Settles once they are all answered.
 */
export const bootCallsAnswered = startBoot();
