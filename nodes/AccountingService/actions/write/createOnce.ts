import type { IDataObject } from 'n8n-workflow';

import { processState } from '../../state';
import { headerValue, type ApiResponse } from '../../transport';
import { nextIdempotencyId } from './idempotency';

/**
 * Creates answered with earlier records that are gone (or no longer the one meant) before the
 * item fails: each a deletion within the service's 7 days, and each walked again by every later
 * repeat (a POST and a read), so the bound is what a key deleted daily for a fortnight needs.
 */
export const MAX_REPLAYS = 20;

/** The ids remembered: far more than the creates of a busy hour, a few hundred kilobytes at most. */
const REMEMBERED_IDS = 10_000;

/**
 * Whether this process has created with `id` before, remembering it from now on. The service's
 * answer cannot tell a replay made in the second its record was created from a fresh create; a
 * repeat within one second (a create, its record deleted, the same create again) is almost always
 * made by the same process, which knows it sent the id before.
 */
function postedBefore(id: string): boolean {
	const posted = processState.postedIdempotencyIds;
	const before = posted.delete(id);
	posted.add(id);
	if (posted.size > REMEMBERED_IDS) posted.delete(posted.values().next().value as string);
	return before;
}

/**
 * Whether the service answered a create from memory: it answers a repeated `idempotency_id` with
 * its first answer, status and body, and says nothing else (its guide names no header). That
 * record was created before this request: its `created_at` is of an earlier second than the
 * answer's `Date` — both the service's clock, in whole seconds. A create answered in the second
 * its record was made counts as this one's: a record made, deleted and its create repeated within
 * one second is told apart only by the process that sent it (createOnce remembers the ids it
 * sent; docs/writing-records.md). Without either time it may be a replay, and is read back.
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
		const repeated = postedBefore(id);
		const response = await create.post(id);
		if (!repeated && create.ownAnswer(response)) return { response };
		const stored = await create.current(response.body);
		if (stored && (await create.stillMeant(stored))) return { response, stored };
		if (attempt >= MAX_REPLAYS) create.gaveUp(response.body);
		id = nextIdempotencyId(id, response.body.id);
	}
}
