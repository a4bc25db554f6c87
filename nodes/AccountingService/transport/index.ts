/**
 * The transport: every request to the service goes through here.
 * - request.ts: one request (`apiRequest`), retried per retry.ts, renewed by n8n on a 401.
 * - read.ts: reading lists (`apiRequestAllItems`, `apiRequestListPage`): paging, pacing,
 *   retries and one renewal for all requests of a read.
 * - credential.ts: the credential as the node sees it, renewing ahead and renewing once.
 */
export { CREDENTIAL_TYPE, REFRESH_AHEAD_MS, type RequestContext } from './credential';
export {
	MAX_PAGE_SIZE,
	apiRequest,
	headerValue,
	repeatSafetyOfRequest,
	type ApiRequest,
	type ApiResponse,
	type ListEnvelope,
} from './request';
export { DEFAULT_READ_PACE, apiRequestAllItems, apiRequestListPage, type ListResponse, type ReadPace } from './read';
