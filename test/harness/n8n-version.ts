/**
 * Which n8n the tests run on: the version of the n8n-core package actually loaded (in the 1.x
 * run, jest.n8n1.config.js maps `n8n-core` to the 1.x copy, and this `require` follows it).
 *
 * The harness branches on it only where n8n 1.x really behaves differently; tests use it to
 * assert the 1.x behaviour explicitly instead of skipping.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('n8n-core/package.json') as { version: string };

export const N8N_CORE_VERSION = version;
export const N8N_MAJOR = Number(version.split('.')[0]);
/** n8n 1.x: refreshes of one credential are not serialised, no recorded expiry. */
export const isN8n1 = N8N_MAJOR === 1;

/**
 * The grant type the README tells users to choose on this n8n: PKCE from 2.14; before that n8n
 * sends the client secret as a Basic header with PKCE, which the service refuses.
 */
export const recommendedGrantType: 'pkce' | 'authorizationCode' = isN8n1 ? 'authorizationCode' : 'pkce';
