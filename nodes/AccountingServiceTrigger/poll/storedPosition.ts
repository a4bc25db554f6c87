import type { IDataObject } from 'n8n-workflow';

import type { Position } from './position';

/**
 * The position as kept in the workflow's static data (`getWorkflowStaticData('node')`), the only
 * state the trigger has: n8n saves it with the workflow, so it survives restarts and moves with
 * the workflow between instances in queue mode. Plain JSON: times as ISO strings.
 */
interface StoredPosition {
	version: 1;
	/** Resource, event and business parameter the position belongs to; another value starts over. */
	watching: string;
	/** The business the service said it answered for (`X-Business`); a change starts over. */
	business: string | null;
	since: string;
	seen: Record<string, string>;
}

const KEY = 'position';

export interface Loaded {
	position: Position;
	business: string | null;
}

/** The stored position for what the node watches now, or undefined when it must start over. */
export function loadPosition(staticData: IDataObject, watching: string): Loaded | undefined {
	const stored = staticData[KEY] as Partial<StoredPosition> | undefined;
	if (!stored || stored.version !== 1 || stored.watching !== watching) return undefined;
	const since = Date.parse(String(stored.since));
	if (!Number.isFinite(since) || typeof stored.seen !== 'object' || stored.seen === null) return undefined;
	const seen = new Map<string, number>();
	for (const [id, at] of Object.entries(stored.seen)) {
		const time = Date.parse(String(at));
		if (Number.isFinite(time)) seen.set(id, time);
	}
	return { position: { since, seen }, business: stored.business ?? null };
}

/**
 * Replaces the stored position in one assignment. n8n notices the change (static data is an
 * observed object) and saves it after the poll; a poll that throws before this line leaves the
 * previous position in place.
 */
export function storePosition(
	staticData: IDataObject,
	watching: string,
	business: string | null,
	position: Position,
): void {
	const stored: StoredPosition = {
		version: 1,
		watching,
		business,
		since: new Date(position.since).toISOString(),
		seen: Object.fromEntries([...position.seen].map(([id, at]) => [id, new Date(at).toISOString()])),
	};
	staticData[KEY] = stored as unknown as IDataObject;
}
