import { getBridge } from '../../bridge/index.js';
import type { AssignApi } from './assign-run.js';

/** The assign flow's writes, through the bridge (tests pass their own). */
export function bridgeAssignApi(): AssignApi {
  const api = getBridge().api;
  return { assign: (input) => api.assign(input), setStatus: (input) => api.setStatus(input) };
}
