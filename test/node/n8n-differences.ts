import { isN8n1 } from '../harness';

/**
 * What the node's user sees where n8n 1.x differs from 2.x, measured through n8n-core 1.x (see
 * jest.n8n1.config.js). Tests use these to assert the 1.x behaviour instead of skipping.
 */

/**
 * n8n-workflow 1.x drops the cause of the error n8n-core hands the node (its ExecutionBaseError
 * re-declares `cause`, which resets it after `super()`), and with it the HTTP response: the node
 * only sees the status. On 1.x the user reads the status, not the service's message — for requests
 * of one record (Get, writes). Reads of lists (transport/read.ts) look at every answer themselves
 * (`ignoreHttpStatusErrors`), so they show the service's message on 1.x too.
 */
export const serviceErrorMessage = (serviceMessage: string, status: number | string): string =>
	isN8n1 ? `The service answered with HTTP ${status}` : serviceMessage;

/** The same, for a test that knows the service's message only by a pattern. */
export const serviceErrorMatching = (serviceMessage: RegExp, status: number | string): RegExp =>
	isN8n1 ? new RegExp(`^The service answered with HTTP ${status}$`) : serviceMessage;

/**
 * A refused refresh token (revoked, expired): n8n-core 2.x says to reconnect the credential;
 * on 1.x the node says it (1.x passes on @n8n/client-oauth2's text, httpCode `EAUTH`).
 */
export const REFRESH_REFUSED = /reconnect/i;
