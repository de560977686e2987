/** API request and response schemas, shared by the website and the server. */
export * from './errors.js';
export * from './health.js';
