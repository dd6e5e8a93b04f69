/** Main → renderer push events (zod-free: the preload bundles this). */
export const EVENTS = { networkState: 'event:network-state' } as const;
