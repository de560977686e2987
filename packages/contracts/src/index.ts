/** API request and response schemas, shared by the website and the server. */
export * from './errors.js';
export * from './health.js';
export * from './api.js';
export * from './formatting.js';
export * from './messages.js';
export * from './lists.js';
export * from './paths.js';
export * from './identity.js';
export * from './staff.js';
export * from './staff-prerequisites.js';
export * from './me.js';
export * from './content.js';
export * from './notices.js';
export * from './whatsapp.js';
export * from './field-labels.js';
