/**
 * What a run at scale must show, read from the sandbox's request log and n8n's execution records:
 * pure functions over what was recorded, so the same judgement serves the soak and the queue run
 * and is tested on its own.
 */

/** The fields of a sandbox request-log entry (sandbox/controls/request-log.js) read here. */
export interface LoggedRequest {
	at: string;
	path: string;
	status: number | null;
	business: string | null;
	grantType: string | null;
	refreshTokenFingerprint: string | null;
	issuedRefreshFingerprint: string | null;
}

export interface RefreshChain {
	/** Renewals the service granted. */
	renewals: number;
	/** Renewals the service refused (a refresh token spent twice, or dead): each one is a failure. */
	refused: number;
	/** Refresh tokens presented more than once (fingerprints). */
	spentTwice: string[];
	/** Renewals with a refresh token the log never saw issued. */
	unknownOrigin: number;
}

/**
 * Follows the refresh tokens through the token endpoint's log: every renewal must spend a token
 * issued before (by a code exchange or a renewal) that no renewal spent already.
 */
export function refreshChain(entries: LoggedRequest[]): RefreshChain {
	const issued = new Set<string>();
	const presented = new Map<string, number>();
	let renewals = 0;
	let refused = 0;
	let unknownOrigin = 0;
	for (const entry of entries) {
		if (entry.grantType === 'refresh_token' && entry.refreshTokenFingerprint) {
			const spent = entry.refreshTokenFingerprint;
			presented.set(spent, (presented.get(spent) ?? 0) + 1);
			if (entry.status === 200) {
				renewals++;
				if (!issued.has(spent)) unknownOrigin++;
			} else {
				refused++;
			}
		}
		if (entry.status === 200 && entry.issuedRefreshFingerprint) issued.add(entry.issuedRefreshFingerprint);
	}
	const spentTwice = [...presented].filter(([, times]) => times > 1).map(([fingerprint]) => fingerprint);
	return { renewals, refused, spentTwice, unknownOrigin };
}

export interface RequestRate {
	/** API requests (everything under /v3.1) of the business. */
	requests: number;
	/** The most that arrived in any 60 seconds, refused ones included. */
	maxPerMinute: number;
	/** The most the service counted in any 60 seconds: served, neither 429 nor 401 (what its limit counts). */
	maxServedPerMinute: number;
	/** Those answered 429 Too Many Requests. */
	tooMany: number;
	/** Those answered 401: an access token that had expired (n8n renews and repeats them). */
	expired: number;
}

/** The business's API requests as the service counts them: a sliding window of 60 s. */
export function requestRate(entries: LoggedRequest[], isBusiness: (business: string | null) => boolean): RequestRate {
	const ofBusiness = entries.filter((entry) => entry.path.startsWith('/v3.1/') && isBusiness(entry.business));
	return {
		requests: ofBusiness.length,
		maxPerMinute: mostInAMinute(ofBusiness),
		maxServedPerMinute: mostInAMinute(ofBusiness.filter((entry) => entry.status !== 429 && entry.status !== 401)),
		tooMany: ofBusiness.filter((entry) => entry.status === 429).length,
		expired: ofBusiness.filter((entry) => entry.status === 401).length,
	};
}

function mostInAMinute(entries: LoggedRequest[]): number {
	const times = entries.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
	let most = 0;
	let first = 0;
	for (let last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= 60_000) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

/** One record a trigger's execution put out. */
export interface Emission {
	execution: string;
	id: string;
	updatedAt: string;
}

export interface EmissionCheck {
	emitted: number;
	/** Changes (id and updated_at) that more than one execution put out. */
	twice: string[];
	/** Records changed during the run whose last state no execution put out. */
	missing: string[];
	/** Records put out that nothing changed during the run. */
	unexpected: string[];
}

/**
 * A "new or updated" trigger must put out each record's change once: the state it is in at the
 * end exactly once, never one change twice, and nothing that did not change. A record changed
 * twice between two polls may come once, as it is now.
 */
export function emissionsOnce(emissions: Emission[], lastChange: Map<string, string>): EmissionCheck {
	const executionsOf = new Map<string, Set<string>>();
	for (const { execution, id, updatedAt } of emissions) {
		const change = `${id}@${updatedAt}`;
		const executions = executionsOf.get(change) ?? new Set<string>();
		executions.add(execution);
		executionsOf.set(change, executions);
	}
	const twice = [...executionsOf].filter(([, executions]) => executions.size > 1).map(([change]) => change);
	const missing = [...lastChange]
		.filter(([id, updatedAt]) => !executionsOf.has(`${id}@${updatedAt}`))
		.map(([id, updatedAt]) => `${id}@${updatedAt}`);
	const unexpected = [...new Set(emissions.map((emission) => emission.id))].filter((id) => !lastChange.has(id));
	return { emitted: executionsOf.size, twice, missing, unexpected };
}

/**
 * Orders (by their key, which each order's record carries as its reference) that did not end as
 * exactly one record: `key ×count`. `references` holds the reference of every record at the end.
 */
export function ordersNotOnce(keys: string[], references: string[]): string[] {
	const recordsPerKey = new Map<string, number>();
	for (const reference of references) recordsPerKey.set(reference, (recordsPerKey.get(reference) ?? 0) + 1);
	return keys.filter((key) => recordsPerKey.get(key) !== 1).map((key) => `${key} ×${recordsPerKey.get(key) ?? 0}`);
}
