import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import { RequestBudget } from './transport/budget';
import { systemClock, type Clock } from './transport/clock';

/**
 * Everything the package keeps beyond one request, in one place:
 * - for the whole n8n process: the clock the transport waits on, the request budget of each
 *   business, the token renewal under way for each credential, and which business each
 *   credential's lead business is;
 * - per execution: what one execution reads once for all its items (`executionCache`).
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

/** The executions whose caches are held; the oldest is forgotten beyond this many. */
const EXECUTIONS_KEPT = 16;
const byExecution = new Map<string, Map<string, unknown>>();
/** Where n8n gives no execution id: per node run. */
const byContext = new WeakMap<object, Map<string, unknown>>();

/**
 * A cache that lives as long as one execution: every item and every node run of the execution
 * sees the same one (`name` keeps different uses apart).
 */
export function executionCache<T>(context: IExecuteFunctions, name: string): Map<string, T> {
	const executionId = context.getExecutionId?.();
	let caches = executionId ? byExecution.get(executionId) : byContext.get(context);
	if (!caches) {
		caches = new Map();
		if (!executionId) byContext.set(context, caches);
		else {
			byExecution.set(executionId, caches);
			if (byExecution.size > EXECUTIONS_KEPT) byExecution.delete(byExecution.keys().next().value as string);
		}
	}
	let cache = caches.get(name) as Map<string, T> | undefined;
	if (!cache) {
		cache = new Map<string, T>();
		caches.set(name, cache);
	}
	return cache;
}

/**
 * A read kept for the whole execution (per `cache` and `key`), so that a value repeated over items
 * and lines costs one request. A failed read is not kept: the next item asks again.
 */
export async function oncePerExecution<T>(
	context: IExecuteFunctions,
	cache: string,
	key: string,
	read: () => Promise<T>,
): Promise<T> {
	const reads = executionCache<Promise<T>>(context, cache);
	let pending = reads.get(key);
	if (!pending) {
		pending = read();
		reads.set(key, pending);
		pending.catch(() => reads.delete(key));
	}
	return await pending;
}
