/**
 * The transport: every request to the service goes through here.
 * - send.ts: one attempt after another of one request: the business's budget (budget.ts, kept
 *   per process in ../state.ts), the token renewed ahead (credential.ts), n8n's signed request,
 *   retries (retry.ts) and the service's errors (errors.ts).
 * - request.ts: one request (`apiRequest`), renewed by n8n on a 401.
 * - read.ts: reading lists (`apiRequestAllItems`, `apiRequestAllItemsTogether`, `apiRequestListPage`):
 *   paging, several pages at once, a list that moves while it is read.
 * - types.ts: what requests and answers look like; clock.ts: the time all waiting is on.
 */
export { CREDENTIAL_TYPE, type RequestContext } from './credential';
export { apiRequest } from './request';
export { apiRequestAllItems, apiRequestAllItemsTogether, apiRequestListPage } from './read';
export { repeatSafetyOfRequest } from './send';
export {
	DEFAULT_READ_PACE,
	MAX_PAGE_SIZE,
	headerValue,
	type ApiRequest,
	type ApiResponse,
	type ListEnvelope,
	type ListResponse,
	type ReadPace,
} from './types';
