import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { RequestBudget } from './transport/budget';
import { systemClock, type Clock } from './transport/clock';

/**
 * Everything the package keeps beyond one request, in one place:
 * - for the whole n8n process: the clock the transport waits on, the request budget of each
 *   business, the token renewal under way for each credential, and which business each
 *   credential's lead business is;
 * - per node run: what one run of the node reads once for all its items (`oncePerNodeRun`).
 * The credential as one node run read it is kept per context, in transport/credential.ts.
 * Nothing here is shared between n8n processes: in queue mode each worker has its own.
 */
export const processState = {
	clock: systemClock as Clock,
	/** Keyed by `budgetKey`. */
	budgets: new Map<string, RequestBudget>(),
	/** Keyed by credential: the renewal under way (transport/credential.ts). */
	renewals: new Map<string, Promise<void>>(),
	/** Keyed by base URL and credential: the business the service named as the lead one. */
	leadBusinesses: new Map<string, string>(),
	/** Part of every default idempotency id of this process (actions/write/idempotency.ts). */
	idempotencySalt: randomBytes(16).toString('hex'),
	/** The `idempotency_id`s this process has created with, oldest first (actions/write/createOnce.ts). */
	postedIdempotencyIds: new Set<string>(),
};

/** Tests move time instead of sleeping: every budget from here on waits on this clock. */
export function useClock(clock: Clock): void {
	processState.clock = clock;
	processState.budgets.clear();
}

/**
 * The one budget of a business for this process. The lead business (no `X-Business`) is keyed by
 * its id once the service has named it, so that requests naming it and requests relying on it
 * share one budget.
 */
export function budgetFor(baseUrl: string, credential: string, business: string | undefined): RequestBudget {
	const lead = processState.leadBusinesses.get(`${baseUrl}|${credential}`);
	const key = business || lead ? budgetKey(baseUrl, business ?? lead) : unnamedLeadKey(baseUrl, credential);
	let budget = processState.budgets.get(key);
	if (!budget) {
		budget = new RequestBudget(processState.clock);
		processState.budgets.set(key, budget);
	}
	return budget;
}

/** What the service answered for a request without `X-Business`: that credential's lead business. */
export function noteLeadBusiness(baseUrl: string, credential: string, business: string | undefined): void {
	if (!business) return;
	const key = `${baseUrl}|${credential}`;
	if (processState.leadBusinesses.get(key) === business) return;
	processState.leadBusinesses.set(key, business);
	// Requests so far counted under the credential's unnamed lead business now count under its id.
	const lead = processState.budgets.get(unnamedLeadKey(baseUrl, credential));
	if (lead && !processState.budgets.has(budgetKey(baseUrl, business))) {
		processState.budgets.set(budgetKey(baseUrl, business), lead);
	}
}

const budgetKey = (baseUrl: string, business: string | undefined) => `${baseUrl}|${business}`;
/** Each account has a lead business of its own: before the service names it, it is the credential's. */
const unnamedLeadKey = (baseUrl: string, credential: string) => `${baseUrl}|lead of ${credential}`;

/** What one node run has read, per use (`cache`): a node run's context is its own object. */
const byNodeRun = new WeakMap<object, Map<string, Map<string, Promise<unknown>>>>();

function nodeRunCache<T>(context: IExecuteFunctions, cache: string): Map<string, Promise<T>> {
	let caches = byNodeRun.get(context);
	if (!caches) {
		caches = new Map();
		byNodeRun.set(context, caches);
	}
	let reads = caches.get(cache);
	if (!reads) {
		reads = new Map();
		caches.set(cache, reads);
	}
	return reads as Map<string, Promise<T>>;
}

/**
 * A read kept for one node run (per `cache` and `key`), so that a value repeated over its items
 * and lines costs one request. Never longer: what another node of the execution wrote before
 * this one runs is read afresh. A failed read is not kept: the next item asks again.
 */
export async function oncePerNodeRun<T>(
	context: IExecuteFunctions,
	cache: string,
	key: string,
	read: () => Promise<T>,
): Promise<T> {
	const reads = nodeRunCache<T>(context, cache);
	let pending = reads.get(key);
	if (!pending) {
		pending = read();
		reads.set(key, pending);
		pending.catch(() => reads.delete(key));
	}
	return await pending;
}

/** Forgets the reads of a node run's `cache` whose key `matches`, so the next asks the service again. */
export function forgetNodeRunReads(context: IExecuteFunctions, cache: string, matches: (key: string) => boolean): void {
	const reads = byNodeRun.get(context)?.get(cache);
	for (const key of [...(reads?.keys() ?? [])]) if (matches(key)) reads!.delete(key);
}
