export * from './common.js';
export * from './endpoints.js';
export * from './errors.js';
export * from './limits.js';
export * from './reports.js';
export * from './requests.js';
export * from './resources.js';
export * from './writes.js';
