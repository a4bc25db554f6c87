import type { IDataObject } from 'n8n-workflow';

import { headerValue, type ApiResponse } from '../../transport';
import { nextIdempotencyId } from './idempotency';

/**
 * Creates answered with earlier records that are gone (or no longer the one meant) before the
 * item fails: each a deletion within the service's 7 days.
 */
export const MAX_REPLAYS = 5;

/**
 * Whether the service answered a create from memory: it answers a repeated `idempotency_id` with
 * its first answer, status and body, and says nothing else (its guide names no header). That
 * record was created before this request: its `created_at` is of an earlier second than the
 * answer's `Date` — both the service's clock, in whole seconds. A create answered in the second
 * its record was made counts as this one's: a record made, deleted and its create repeated within
 * one second is not told apart (docs/writing-records.md). Without either time it may be a
 * replay, and is read back.
 */
export function answeredFromMemory(response: ApiResponse<IDataObject>): boolean {
	const created = Date.parse(String(response.body?.created_at ?? ''));
	const answered = Date.parse(headerValue(response.headers, 'date') ?? '');
	if (Number.isNaN(created) || Number.isNaN(answered)) return true;
	return Math.floor(created / 1000) < Math.floor(answered / 1000);
}

export interface IdempotentCreate {
	/** The create's first `idempotency_id`. */
	id: string;
	post(id: string): Promise<ApiResponse<IDataObject>>;
	/** Whether an answer is this create's own, needing no read: not answered from memory, and whatever else the caller asks. */
	ownAnswer(response: ApiResponse<IDataObject>): boolean;
	/** The record an answer names as the service holds it now; undefined when it is gone. */
	current(answered: IDataObject): Promise<IDataObject | undefined>;
	/** Whether the record still is the one this create means (Create or Update: it still has the key). */
	stillMeant(stored: IDataObject): Promise<boolean>;
	/** The service kept answering with records that are gone or no longer meant. */
	gaveUp(last: IDataObject): never;
}

/**
 * Creates with an `idempotency_id`, once: the answer when it is the create's own; otherwise the
 * record the service answered with as it holds it now (`stored`), when it still is the one meant;
 * when it is gone or no longer meant, creates again under an id derived from the first and the
 * record met, so a true repeat of the whole (another execution, a model calling again) meets the
 * same records, takes the same ids and still makes one.
 */
export async function createOnce(
	create: IdempotentCreate,
): Promise<{ response: ApiResponse<IDataObject>; stored?: IDataObject }> {
	let id = create.id;
	for (let attempt = 1; ; attempt++) {
		const response = await create.post(id);
		if (create.ownAnswer(response)) return { response };
		const stored = await create.current(response.body);
		if (stored && (await create.stillMeant(stored))) return { response, stored };
		if (attempt >= MAX_REPLAYS) create.gaveUp(response.body);
		id = nextIdempotencyId(id, response.body.id);
	}
}
