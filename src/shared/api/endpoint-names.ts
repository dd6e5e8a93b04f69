/**
 * The 16 endpoint names, free of zod so the sandboxed preload can import them without
 * bundling the schemas. `ENDPOINTS` in endpoints.ts is checked against this list.
 */
export const ENDPOINT_NAMES = [
  'listWorkspaces',
  'listProjects',
  'listMembers',
  'listItems',
  'getItem',
  'postUpdate',
  'createItem',
  'setStatus',
  'assign',
  'mergeItems',
  'saveRule',
  'whatsNew',
  'review',
  'decisions',
  'findBySource',
  'findSimilar',
] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];
