import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	canRenew,
	credentialView,
	refreshIfExpiring,
	renewOnce,
	type RequestContext,
} from './credential';
import { toServiceError } from './errors';
import {
	apiRequest,
	headerValue,
	MAX_PAGE_SIZE,
	type ApiRequest,
	type ApiResponse,
	type ListEnvelope,
} from './request';
import { DEFAULT_RETRY_POLICY, describeFailure, retryDelayMs } from './retry';

/**
 * Reading lists: the one place that knows paging, pacing, retries and token renewal of a read.
 *
 * - **Pages.** The first page alone (it gives `$total`), then the remaining pages addressed
 *   directly (`page=N&items_per_page=200`, the request's filters, search and sort kept), several at
 *   once. At one request at a time the read follows `$next` exactly as before.
 * - **Pace.** Requests start evenly spaced, at most `perMinute` a minute across the read's
 *   concurrent requests, whatever the window the service counts in. A 429 holds every request of
 *   the read until its `Retry-After` has passed; the page that met it is read again, once.
 * - **Order and completeness.** Pages are put together in page order, records deduplicated by
 *   `id`. When `$total` changes between pages (records created or deleted meanwhile) the read is
 *   `moved` and re-reads from the page before the first one that moved (see `ListRead.all`).
 * - **Tokens.** The read looks at each answer's status itself (`ignoreHttpStatusErrors`), so n8n
 *   never renews inside one of several parallel requests: a 401 waits for one renewal of the
 *   credential (credential.ts), shared by every request of the read and every execution of this
 *   n8n process, and the requests that met it are repeated. On any n8n version the single-use
 *   refresh token is spent once.
 */

export interface ReadPace {
	/** Pages read at once after the first; 1 follows `$next` one page at a time. */
	concurrency: number;
	/** Requests the read starts a minute at most, evenly spaced. */
	perMinute: number;
}

/**
 * 200 requests a minute is what the service documents for version 3 (per business, in any 60 s);
 * 3 at once comes from the measurements in bench/RESULTS.md: at a second per page it reaches
 * 90 % of that budget, and more at once only waits for the pace.
 */
export const DEFAULT_READ_PACE: ReadPace = { concurrency: 3, perMinute: 200 };

export interface ListResponse extends ApiResponse<IDataObject[]> {
	/** The `$total` of the first page. */
	total: number;
	/**
	 * True when the list changed while it was paged through (`$total` differed between pages, or
	 * a page was not what was asked for). The read then re-read what may have shifted, so a record
	 * present for the whole read is in `body` once; the trigger still reads its window again.
	 */
	moved: boolean;
}

/** One page as a list envelope; anything else is the service answering out of contract. */
export async function apiRequestListPage(
	context: RequestContext,
	request: ApiRequest,
): Promise<{ page: ApiResponse<IDataObject>; envelope: ListEnvelope }> {
	const { response, envelope } = await new ListRead(context, request).page(request.path, request.qs);
	return { page: response, envelope };
}

/**
 * Every record of a list (or the first `limit`), in the service's order. With a limit, pages are
 * only as large and as many as that limit needs. `headers` and `business` are the first page's.
 */
export async function apiRequestAllItems(
	this: RequestContext,
	request: ApiRequest,
	limit?: number,
): Promise<ListResponse> {
	return await new ListRead(this, request).all(limit);
}

/** A page as read: which page was asked for, which the service served, at what `$total`. */
interface PageRead {
	page: number;
	served: number;
	total: number;
	items: IDataObject[];
	/** In which order the answer arrived, among all answers of the read. */
	arrived: number;
}

/** A pass reads pages `start`..`last`; at the first pass `start` is 1. */
interface Pass {
	start: number;
	pages: Map<number, PageRead>;
}

/** Passes after the first before the read gives up waiting for the list to hold still. */
const MAX_REPAIRS = 4;

/**
 * Evenly spaced starts: a request starts no sooner than 60/perMinute seconds after the previous
 * one started (measured when it starts, so a late start never squeezes the next), in the order
 * asked, and not while the read is held after a 429.
 */
class Pacer {
	private queue: Promise<void> = Promise.resolve();

	private lastStart = Number.NEGATIVE_INFINITY;

	private resumeAt = 0;

	constructor(private readonly intervalMs: number) {}

	async turn(): Promise<void> {
		const mine = this.queue.then(async () => {
			for (;;) {
				const now = performance.now();
				const at = Math.max(this.lastStart + this.intervalMs, this.resumeAt);
				if (at <= now) {
					this.lastStart = now;
					return;
				}
				await sleep(Math.ceil(at - now));
			}
		});
		this.queue = mine;
		await mine;
	}

	/** Holds every request that has not started until `ms` from now. */
	holdFor(ms: number): void {
		this.resumeAt = Math.max(this.resumeAt, performance.now() + ms);
	}
}

/**
 * The pace keeps 2 % under the budget: the service counts a request when it arrives, and a
 * request held up on its way (n8n reading the credential, the network) must not bring the next
 * ones into the same window. Over a minute that is 1.2 s of slack.
 */
const PACE_MARGIN = 0.02;

/** One pace per node run and business, so consecutive reads of one run share it. */
const pacers = new WeakMap<RequestContext, Map<string, Pacer>>();

function pacerFor(context: RequestContext, business: string | undefined, perMinute: number): Pacer {
	let byBusiness = pacers.get(context);
	if (!byBusiness) {
		byBusiness = new Map();
		pacers.set(context, byBusiness);
	}
	const key = `${business ?? ''}|${perMinute}`;
	let pacer = byBusiness.get(key);
	if (!pacer) {
		pacer = new Pacer((60_000 / perMinute) * (1 + PACE_MARGIN));
		byBusiness.set(key, pacer);
	}
	return pacer;
}

type FullResponse = { body: unknown; headers: Record<string, string | string[] | undefined>; statusCode: number };

class ListRead {
	private readonly pace: ReadPace;

	private readonly pacer: Pacer;

	/** Renewals this read has waited for; a 401 to a request sent before the last one is just repeated. */
	private renewals = 0;

	private renewing?: Promise<void>;

	/** The `$total` of the answer that arrived last. */
	private latestTotal = 0;

	/** Answers so far. */
	private answers = 0;

	constructor(
		private readonly context: RequestContext,
		private readonly request: ApiRequest,
	) {
		this.pace = request.pace ?? DEFAULT_READ_PACE;
		this.pacer = pacerFor(context, request.business, this.pace.perMinute);
	}

	/** One page, through faults: retried per the request's policy, a 401 renewed once for the read. */
	async page(
		path: string,
		qs: IDataObject | undefined,
	): Promise<{ response: ApiResponse<IDataObject>; envelope: ListEnvelope; arrived: number }> {
		const policy = this.request.retry ?? DEFAULT_RETRY_POLICY;
		let unauthorized = 0;
		for (let retry = 1; ;) {
			this.stopIfCancelled();
			if (this.renewing) await this.renewing;
			const view = await refreshIfExpiring(this.context, await credentialView(this.context));
			const renewals = this.renewals;
			await this.pacer.turn();
			let failure: unknown;
			let response: FullResponse | undefined;
			try {
				response = (await this.context.helpers.httpRequestWithAuthentication.call(
					this.context,
					CREDENTIAL_TYPE,
					this.options(view.baseUrl, path, qs),
				)) as FullResponse;
			} catch (error) {
				failure = error;
			}
			if (response) {
				if (response.statusCode >= 200 && response.statusCode < 300) return this.envelopeOf(path, response);
				if (response.statusCode === 401 && unauthorized++ < 2) {
					await this.renewAfter(renewals, view.refreshToken, path, qs);
					continue;
				}
				failure = { response: { status: response.statusCode, headers: response.headers, body: response.body } };
			}
			const wait = retryDelayMs(failure, retry, policy, Math.random, 'read');
			if (wait === undefined) throw toServiceError(this.context.getNode(), failure, this.request.itemIndex);
			retry++;
			// The service asked the caller to slow down: every request of the read waits, not only this one.
			if (describeFailure(failure).status === 429) this.pacer.holdFor(wait);
			else await sleep(wait);
		}
	}

	/**
	 * Every page: the first alone, the rest `concurrency` at a time (or following `$next` at 1).
	 * When the pages do not fit together (a `$total` moved, a page came back as another one),
	 * the read re-reads from the page before the first that moved, and accepts a re-read once it
	 * holds still and overlaps what was accepted before: a record present for the whole read
	 * keeps its place relative to the others, so if one record of the re-read is among the
	 * accepted pages, every record before it is too (see README, "Get Many and limits").
	 */
	async all(limit?: number): Promise<ListResponse> {
		const firstSize = limit === undefined ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
		const first = await this.page(this.request.path, { ...this.request.qs, items_per_page: firstSize });
		const total = first.envelope.$total;
		const answer = (body: IDataObject[], moved: boolean): ListResponse => ({
			body: limit === undefined ? body : body.slice(0, limit),
			headers: first.response.headers,
			business: first.response.business,
			total,
			moved,
		});
		if (firstSize < MAX_PAGE_SIZE) return answer(first.envelope.$items, false);

		const firstRead = pageRead(1, first.envelope, first.arrived);
		let pass: Pass = { start: 1, pages: new Map([[1, firstRead]]) };
		if (first.envelope.$items.length < Math.min(MAX_PAGE_SIZE, total)) {
			// The service made its pages smaller than asked: only its own `$next` links address them.
			await this.followNext(first.envelope, pass, limit);
			const records = new Records();
			for (const page of [...pass.pages.values()].sort((a, b) => a.page - b.page)) records.add(page.items);
			const moved =
				[...pass.pages.values()].some((page) => page.total !== total) ||
				(limit === undefined && records.list().length !== total);
			return answer(records.list(), moved);
		}
		if (this.pace.concurrency <= 1) await this.followNext(first.envelope, pass, limit);
		else await this.readPages(range(2, this.lastPage(total, limit)), pass);

		const records = new Records();
		let moved = false;
		/** The ids of the pages accepted last, all read while the list held still. */
		let accepted: Set<string> | undefined;
		for (let repair = 0; ; repair++) {
			const reference = [...pass.pages.values()].sort((a, b) => a.arrived - b.arrived)[0].total;
			const suspect = this.firstSuspect(pass, reference, limit);
			if (suspect !== undefined) moved = true;
			const good = range(pass.start, (suspect ?? this.lastPage(reference, limit) + 1) - 1).map((page) =>
				pass.pages.get(page)!,
			);
			// A re-read must share a record with the pages accepted last; one from page 1 stands on its own.
			const linked =
				accepted !== undefined &&
				good.some((page) => page.items.some((item) => typeof item.id === 'string' && accepted!.has(item.id)));
			const usable = good.length > 0 && (accepted === undefined || linked || pass.start === 1);
			if (usable) {
				// Starting over from page 1 without a link: what was accepted before may be out of place.
				if (accepted !== undefined && !linked) records.clear();
				for (const page of good) records.add(page.items);
				if (suspect === undefined) break;
				accepted = new Set(
					good.flatMap((page) =>
						page.items.map((item) => item.id).filter((id): id is string => typeof id === 'string'),
					),
				);
			}
			if (repair === MAX_REPAIRS) {
				// The list never held still: keep whatever was read last too, as a sequential read would.
				for (const page of [...pass.pages.values()].sort((a, b) => a.page - b.page)) records.add(page.items);
				break;
			}
			// Re-read from the last page accepted, so that the re-read overlaps it; from one page
			// further back when the first page re-read did not fit, from page 1 without an overlap.
			const last = this.lastPage(this.latestTotal, limit);
			const start = Math.min(
				last,
				usable ? Math.max(1, suspect! - 1) : good.length === 0 ? Math.max(1, pass.start - 1) : 1,
			);
			pass = { start, pages: new Map() };
			await this.readPages(range(start, last), pass);
		}
		return answer(records.list(), moved);
	}

	/** At one request at a time: the service's `$next` links, as the read always did. */
	private async followNext(first: ListEnvelope, pass: Pass, limit: number | undefined): Promise<void> {
		let next = first.$next;
		let count = first.$items.length;
		for (let page = 2; next && (limit === undefined || count < limit); page++) {
			const { envelope, arrived } = await this.page(next, undefined);
			pass.pages.set(page, pageRead(page, envelope, arrived));
			count += envelope.$items.length;
			next = envelope.$next;
		}
	}

	/** Reads `pages` into the pass, `concurrency` at a time, started in page order; the first failure fails the read. */
	private async readPages(pages: number[], pass: Pass): Promise<void> {
		let next = 0;
		let failed: { error: unknown } | undefined;
		const worker = async () => {
			while (!failed && next < pages.length) {
				const page = pages[next++];
				try {
					const { envelope, arrived } = await this.page(this.request.path, {
						...this.request.qs,
						items_per_page: MAX_PAGE_SIZE,
						page,
					});
					pass.pages.set(page, pageRead(page, envelope, arrived));
				} catch (error) {
					failed ??= { error };
				}
			}
		};
		await Promise.all(Array.from({ length: Math.min(this.pace.concurrency, pages.length) }, worker));
		if (failed) throw failed.error;
	}

	/**
	 * The first page of the pass that may not belong to the list as the pass's first answer saw
	 * it (`reference` = that answer's `$total`): missing, another `$total`, served as another
	 * page (past the end the service serves the last one), less full than that total makes it,
	 * or answered after the first answer that saw the list change. Pages are answered in any
	 * order, and a later change can bring `$total` back: a page answered after a change may show
	 * the same total and still hold records that moved.
	 */
	private firstSuspect(pass: Pass, reference: number, limit: number | undefined): number | undefined {
		const last = this.lastPage(reference, limit);
		const changed = Math.min(
			...[...pass.pages.values()]
				.filter((read) => read.total !== reference || read.served !== read.page)
				.map((read) => read.arrived),
		);
		for (let page = pass.start; page <= last; page++) {
			const read = pass.pages.get(page);
			const expected = Math.min(MAX_PAGE_SIZE, Math.max(0, reference - (page - 1) * MAX_PAGE_SIZE));
			if (!read || read.total !== reference || read.served !== page || read.arrived > changed) return page;
			if (read.items.length < expected) return page;
		}
		return undefined;
	}

	/** The last page a read of `total` records (at most `limit`) needs. */
	private lastPage(total: number, limit: number | undefined): number {
		const wanted = limit === undefined ? total : Math.min(limit, total);
		return Math.max(1, Math.ceil(wanted / MAX_PAGE_SIZE));
	}

	/**
	 * After a 401: when the read renewed since this request was sent, just repeat it; otherwise
	 * wait for the one renewal of the credential, which the first request to get here starts.
	 */
	private async renewAfter(
		renewalsWhenSent: number,
		refreshToken: unknown,
		path: string,
		qs: IDataObject | undefined,
	): Promise<void> {
		if (this.renewals !== renewalsWhenSent) return;
		this.renewing ??= (async () => {
			try {
				if (canRenew(this.context)) await renewOnce(this.context, refreshToken);
				// An n8n without `refreshOAuth2Token`: one request through n8n's own 401 path renews,
				// while every other request of the read waits.
				else await apiRequest.call(this.context, { ...this.request, path, qs });
				this.renewals++;
			} finally {
				this.renewing = undefined;
			}
		})();
		await this.renewing;
	}

	private options(baseUrl: string, path: string, qs: IDataObject | undefined): IHttpRequestOptions {
		const headers: IDataObject = { Accept: 'application/json' };
		if (this.request.business) headers['X-Business'] = this.request.business;
		return {
			method: 'GET',
			url: `${baseUrl}${path}`,
			headers,
			qs,
			json: true,
			returnFullResponse: true,
			// The read decides about every status itself: above all, n8n must not renew the token
			// inside one of several parallel requests.
			ignoreHttpStatusErrors: true,
		};
	}

	private envelopeOf(
		path: string,
		response: FullResponse,
	): { response: ApiResponse<IDataObject>; envelope: ListEnvelope; arrived: number } {
		const envelope = response.body as ListEnvelope;
		if (!Array.isArray(envelope?.$items) || typeof envelope.$total !== 'number') {
			throw new NodeOperationError(
				this.context.getNode(),
				`The service did not answer ${path.split('?')[0]} with a list`,
				{
					itemIndex: this.request.itemIndex,
				},
			);
		}
		this.latestTotal = envelope.$total;
		return {
			arrived: ++this.answers,
			response: {
				body: response.body as IDataObject,
				headers: response.headers,
				business: headerValue(response.headers, 'x-business'),
			},
			envelope,
		};
	}

	private stopIfCancelled(): void {
		const signal = (this.context as Partial<IExecuteFunctions>).getExecutionCancelSignal?.();
		if (signal?.aborted) {
			throw new NodeOperationError(this.context.getNode(), 'The execution was cancelled', {
				itemIndex: this.request.itemIndex,
			});
		}
	}
}

/** Records in order of arrival, each `id` once (records without an id are all kept). */
class Records {
	private items: IDataObject[] = [];

	private ids = new Set<string>();

	add(items: IDataObject[]): void {
		for (const item of items) {
			if (typeof item.id === 'string') {
				if (this.ids.has(item.id)) continue;
				this.ids.add(item.id);
			}
			this.items.push(item);
		}
	}

	clear(): void {
		this.items = [];
		this.ids.clear();
	}

	list(): IDataObject[] {
		return this.items;
	}
}

/** A page as read; a service that does not say which page it served is taken to serve the one asked for. */
function pageRead(page: number, envelope: ListEnvelope, arrived: number): PageRead {
	const served = typeof envelope.$page === 'number' ? envelope.$page : page;
	return { page, served, total: envelope.$total, items: envelope.$items, arrived };
}

function range(from: number, to: number): number[] {
	return to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
