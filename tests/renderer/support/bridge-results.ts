import type { BridgeError } from '#shared/bridge/errors.js';

/** A bridge call's answer that worked, as fakes resolve it. */
export const ok = <T>(data: T) => ({ ok: true as const, data });

/** A bridge call's failure: its kind, and whatever else the test cares about. */
export const fail = (error: Partial<BridgeError> & Pick<BridgeError, 'kind'>) => ({
  ok: false as const,
  error: { message: 'It failed.', ...error },
});
