import type { IDataObject } from 'n8n-workflow';

import type { Backfill } from './backfill';
import type { Position } from './position';

/**
 * The position as kept in the workflow's static data (`getWorkflowStaticData('node')`), the only
 * state the trigger has: n8n saves it with the workflow, so it survives restarts and moves with
 * the workflow between instances in queue mode. Plain JSON: times as ISO strings.
 */
interface StoredPosition {
	version: 2;
	/** Resource, event, start and business parameter the position belongs to; another value starts over. */
	watching: string;
	/** The business the service said it answered for (`X-Business`); a change starts over. */
	business: string | null;
	since: string;
	seen: Record<string, string>;
	/** The version of each record in `seen` as emitted (position.ts, versionOf). */
	versions?: Record<string, string>;
	/** The existing records still to output (Start From: All Existing Records or A Date). */
	backfill?: StoredBackfill;
}

interface StoredBackfill {
	field: Backfill['field'];
	from: string | null;
	before: string;
	page: number;
	anchors: string[];
	reached?: string;
	handed?: string[];
	then?: StoredBackfill;
}

const KEY = 'position';

export interface Loaded {
	position: Position;
	business: string | null;
	backfill: Backfill | null;
}

const time = (value: unknown) => Date.parse(String(value));

const FIELDS: ReadonlyArray<Backfill['field']> = ['updated_at', 'created_at', 'deleted_at'];

function loadBackfill(stored: StoredBackfill | undefined): Backfill | null | undefined {
	if (!stored) return null;
	const before = time(stored.before);
	const from = stored.from === null ? null : time(stored.from);
	const reached = stored.reached === undefined ? undefined : time(stored.reached);
	const then = loadBackfill(stored.then);
	const valid =
		FIELDS.includes(stored.field) &&
		Number.isFinite(before) &&
		(from === null || Number.isFinite(from)) &&
		(reached === undefined || Number.isFinite(reached)) &&
		Number.isInteger(stored.page) &&
		Array.isArray(stored.anchors) &&
		then !== undefined;
	if (!valid) return undefined;
	return {
		field: stored.field,
		from,
		before,
		page: stored.page,
		anchors: stored.anchors.map(String),
		...(reached === undefined ? {} : { reached }),
		...(Array.isArray(stored.handed) ? { handed: stored.handed.map(String) } : {}),
		...(then ? { then } : {}),
	};
}

function storedBackfill(backfill: Backfill): StoredBackfill {
	const iso = (at: number) => new Date(at).toISOString();
	return {
		field: backfill.field,
		from: backfill.from === null ? null : iso(backfill.from),
		before: iso(backfill.before),
		page: backfill.page,
		anchors: backfill.anchors,
		...(backfill.reached === undefined ? {} : { reached: iso(backfill.reached) }),
		...(backfill.handed?.length ? { handed: backfill.handed } : {}),
		...(backfill.then ? { then: storedBackfill(backfill.then) } : {}),
	};
}

/** The stored position for what the node watches now, or undefined when it must start over. */
export function loadPosition(staticData: IDataObject, watching: string): Loaded | undefined {
	const stored = staticData[KEY] as Partial<StoredPosition> | undefined;
	if (!stored || stored.version !== 2 || stored.watching !== watching) return undefined;
	const since = time(stored.since);
	if (!Number.isFinite(since) || typeof stored.seen !== 'object' || stored.seen === null) return undefined;
	const backfill = loadBackfill(stored.backfill);
	if (backfill === undefined) return undefined;
	const seen = new Map<string, number>();
	for (const [id, at] of Object.entries(stored.seen)) {
		if (Number.isFinite(time(at))) seen.set(id, time(at));
	}
	const versions = new Map<string, string>();
	const storedVersions = typeof stored.versions === 'object' && stored.versions !== null ? stored.versions : {};
	for (const [id, version] of Object.entries(storedVersions)) {
		if (seen.has(id) && typeof version === 'string') versions.set(id, version);
	}
	return { position: { since, seen, versions }, business: stored.business ?? null, backfill };
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
	backfill: Backfill | null = null,
): void {
	const iso = (at: number) => new Date(at).toISOString();
	const stored: StoredPosition = {
		version: 2,
		watching,
		business,
		since: iso(position.since),
		seen: Object.fromEntries([...position.seen].map(([id, at]) => [id, iso(at)])),
		...(position.versions?.size ? { versions: Object.fromEntries(position.versions) } : {}),
		...(backfill ? { backfill: storedBackfill(backfill) } : {}),
	};
	staticData[KEY] = stored as unknown as IDataObject;
}
