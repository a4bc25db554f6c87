import type { IDataObject } from 'n8n-workflow';

import type { RequestContext } from './credential';
import { send } from './send';
import { headerValue, type ApiRequest, type ApiResponse } from './types';

/** One request (a record, a write, a file), renewed by n8n on a 401; see send.ts for the rest. */
export async function apiRequest(this: RequestContext, request: ApiRequest): Promise<ApiResponse<IDataObject>> {
	const response = await send(this, request, 'n8n');
	return {
		body: response.body as IDataObject,
		headers: response.headers,
		business: headerValue(response.headers, 'x-business'),
	};
}
