import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { runAllOrFail } from '../actions/itemRunner';
import { processState } from '../state';
import { changeFeedOf, changesSince, nothingChangedSince, onlyDeletionsMove } from './changeCheck';
import { knownSecrets, type RequestContext } from './credential';
import {
	implausibleTotal,
	lastPage,
	MAX_READINGS,
	MAX_RECORDS,
	PageAssembly,
	pagesAllowedByTotal,
	sameReading,
	withRecordsSeenBefore,
	type Reading,
} from './pages';
import { readTooLarge, requestBounds } from './bounds';
import { isServicePath } from './redirects';
import { redactError } from './secrets';
import { send, type RawResponse } from './send';
import {
	DEFAULT_READ_PACE,
	headerValue,
	MAX_PAGE_SIZE,
	type ApiRequest,
	type ApiResponse,
	type ListEnvelope,
	type ListResponse,
	type ReadPace,
} from './types';

/**
 * Reading lists: the one place that knows paging, pacing, retries and token renewal of a read.
 *
 * - **Pages.** The first page alone (it gives `$total`), then the remaining pages addressed
 *   directly (`page=N&items_per_page=200`, the request's filters, search and sort kept), several at
 *   once. At one request at a time, or when the service makes its pages smaller than asked, the
 *   read follows `$next`.
 * - **Bounds.** Nothing is allocated by a number the service claims: a `$total` above
 *   MAX_RECORDS (pages.ts) stops the read before a second request, pages are requested as
 *   they come, and `$next` is followed no further than `$total` and the page size allow, never
 *   to a link already followed. Each stop is an error naming the list.
 * - **A list that changes while it is read.** Between two page reads another user may create,
 *   edit, delete or void records, and records slide across a page boundary. After the pages, one
 *   request to each of the collection's change feeds (`updated_or_created_since`,
 *   `deleted_since`, since the first page's `Date` less the stamps' resolution: changeCheck.ts)
 *   says whether anything changed during the reading: if nothing did, the pages are the list as
 *   it stood — two requests however many pages (one in creation order, where only a deletion slides records: changeCheck.ts), none for a list of one page. If anything did,
 *   or the collection has no feed, the list is read again, until a reading sees no change or two
 *   readings in a row agree (pages.ts, `sameReading`), at most MAX_READINGS, else an error
 *   naming the list. The read is then `moved`.
 * - **Several lists at once** (`apiRequestAllItemsTogether`): the lists of one collection read
 *   side by side share one check after them all, since the earliest start among them: nothing
 *   changed in the collection while any of them was read, so each is the list as it stood —
 *   two requests however many lists and pages. Where something did, each of that collection's
 *   lists goes on as a read of its own would.
 * - **Pace.** Every page takes its turn in the business's budget (send.ts, state.ts): a read that
 *   fits the budget runs at full concurrency, a larger one waits only when the window is full.
 *   A 429 holds every waiting request of the business until its `Retry-After` has passed; the
 *   page that met it is read again.
 * - **Tokens.** The read looks at each answer's status itself (`ignoreHttpStatusErrors`), so n8n
 *   never renews inside one of several parallel requests: a 401 waits for one renewal of the
 *   credential (credential.ts), shared by every request of the read and every execution of this
 *   n8n process, and the requests that met it are repeated. On any n8n version the single-use
 *   refresh token is spent once.
 */

/** One page as a list envelope; anything else is the service answering out of contract. */
export async function apiRequestListPage(
	this: RequestContext,
	request: ApiRequest,
): Promise<{ page: ApiResponse<IDataObject>; envelope: ListEnvelope }> {
	const { response, envelope } = await withoutSecrets(
		this,
		async () => await new ListRead(this, request).page(request.path, request.qs),
	);
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
	return await withoutSecrets(this, async () => await new ListRead(this, request).all(limit));
}

/**
 * Several lists, `concurrency` at a time (each its pages as its request's pace allows), answered
 * in the order asked: after the pages, one change check per collection for all of its lists of
 * several pages (changeCheck.ts), since the earliest start among them. Each answer is what
 * `apiRequestAllItems` would give for its request.
 */
export async function apiRequestAllItemsTogether(
	this: RequestContext,
	requests: ApiRequest[],
	concurrency: number,
): Promise<ListResponse[]> {
	return await withoutSecrets(this, async () => await readTogether(this, requests, concurrency));
}

async function readTogether(context: RequestContext, requests: ApiRequest[], concurrency: number) {
	const reads = requests.map((request) => new ListRead(context, request));
	const firsts = await runAllOrFail(
		reads.map((read) => async () => await read.firstReading()),
		concurrency,
	);
	const verdicts = new Map<number, boolean | undefined>();
	const byCollection = new Map<string, number[]>();
	reads.forEach((read, index) => {
		if (firsts[index].unsteady) return;
		const indexes = byCollection.get(read.collectionKey) ?? [];
		byCollection.set(read.collectionKey, [...indexes, index]);
	});
	// A record may move from one list of a collection to another read before it (an invoice part-paid
	// back to unpaid between the owing lists): several lists of one collection are checked together
	// whatever their pages, and read again when anything changed; a list alone only when it has several.
	const checked = [...byCollection.values()].filter(
		(indexes) => indexes.length > 1 || reads[indexes[0]].needsCheck(firsts[indexes[0]]),
	);
	await Promise.all(
		checked.map(async (indexes) => {
			const still = await reads[indexes[0]].sawNoChangeIn(
				indexes.map((index) => ({ reading: firsts[index], read: reads[index] })),
			);
			for (const index of indexes) verdicts.set(index, still);
		}),
	);
	return await runAllOrFail(
		reads.map(
			(read, index) => async () =>
				await read.from(firsts[index], verdicts.has(index) ? { still: verdicts.get(index) } : undefined),
		),
		concurrency,
	);
}

/** A list's item as the service shapes it: an object (pages.ts reads its `id`; n8n makes it an item's `json`). */
const isRecord = (item: unknown) => typeof item === 'object' && item !== null && !Array.isArray(item);

/**
 * After the I/O already waiting: what runs then runs after the requests those answers start. A
 * yield, not a wait for time, so not on the process clock (which tests move by hand).
 */
const nextTurn = async () => await sleep(0);

/**
 * A read's own refusals quote what the service answered (a `$next` link, the path of a page it
 * links to), and the service is sent the bearer token: whatever it put in them, the error leaves
 * without the credential's secrets. The service's error answers are redacted already (errors.ts).
 */
async function withoutSecrets<T>(context: RequestContext, read: () => Promise<T>): Promise<T> {
	try {
		return await read();
	} catch (error) {
		throw redactError(error, await knownSecrets(context));
	}
}

type FirstReading = Reading & { headers: ApiResponse<IDataObject>['headers']; business?: string };

class ListRead {
	private readonly pace: ReadPace;

	/** At most this many records (the first ones), or all. */
	private limit: number | undefined;

	/** The list, for errors: its path without the query. */
	private readonly list: string;

	/** The answers' bytes of every page of every reading so far (bounds.ts, readBytes). */
	private bytesRead = 0;

	constructor(
		private readonly context: RequestContext,
		private readonly request: ApiRequest,
	) {
		this.pace = request.pace ?? DEFAULT_READ_PACE;
		this.list = request.path.split('?')[0];
	}

	/** One page, through faults: retried per the request's policy, a 401 renewed once (send.ts). */
	async page(
		path: string,
		qs: IDataObject | undefined,
	): Promise<{ response: ApiResponse<IDataObject>; envelope: ListEnvelope }> {
		return this.envelopeOf(path, await this.answer(path, qs));
	}

	/** One page's answer, its body not yet looked at (bounded-request.ts parses it when it is). */
	private async answer(path: string, qs: IDataObject | undefined): Promise<RawResponse> {
		const response = await send(this.context, { ...this.request, path, qs }, 'transport');
		this.bytesRead += response.bytes ?? 0;
		if (this.bytesRead > requestBounds.readBytes) {
			throw readTooLarge(this.context.getNode(), {
				path: this.request.path,
				bytes: requestBounds.readBytes,
				itemIndex: this.request.itemIndex,
			});
		}
		return response;
	}

	/**
	 * Every record (or the first `limit`): readings of the list until one is known to be the list
	 * as it stood — one that saw no change, or one that agrees with the reading before it — with
	 * the records only earlier readings saw (pages.ts, `withRecordsSeenBefore`).
	 */
	async all(limit?: number): Promise<ListResponse> {
		this.limit = limit;
		return await this.from(await this.firstReading());
	}

	/** The read's first reading, for `from` (with or without a check shared with other lists). */
	async firstReading(): Promise<FirstReading> {
		return await this.reading(this.firstSize(), this.limit);
	}

	/** One page is one answer: nothing can slide across a boundary it does not have; a reading already unsteady has moved. */
	needsCheck(reading: Reading): boolean {
		return reading.pages > 1 && !reading.unsteady;
	}

	/** The collection and business a change check covers: lists sharing it can share the check. */
	get collectionKey(): string {
		return `${this.request.business ?? ''} ${this.list}`;
	}

	/**
	 * The read from its first reading on. `checked` is the first reading's change check when it was
	 * asked together with other lists' (apiRequestAllItemsTogether).
	 */
	async from(first: FirstReading, checked?: { still: boolean | undefined }): Promise<ListResponse> {
		const limit = this.limit;
		const earlier: IDataObject[][] = [];
		const answer = (reading: Reading, moved: boolean): ListResponse => {
			const records = withRecordsSeenBefore(reading.records, earlier);
			return {
				body: limit === undefined ? records : records.slice(0, limit),
				headers: first.headers,
				business: first.business,
				total: first.total,
				moved,
			};
		};
		let reading: Reading = first;
		let previous: Reading | undefined;
		let moved = false;
		const appendOnly = this.appendOnly();
		for (let readings = 1; ; readings++) {
			const changedBeside = readings === 1 && checked?.still === false;
			if (reading.pages === 1 && !reading.unsteady && !changedBeside) return answer(reading, moved);
			// A list that only grew at its end while read (its `$total` with it) kept every record in place.
			const unsteady = appendOnly ? reading.twice === true : reading.unsteady;
			const still = unsteady
				? false
				: readings === 1 && checked && !appendOnly
					? checked.still
					: await this.sawNoChangeIn([{ reading, read: this }], appendOnly);
			if (still === true) return answer(reading, moved);
			if (previous) {
				if (sameReading(previous, reading)) return answer(reading, moved);
				moved = true;
			}
			if (still === false) moved = true;
			if (readings === MAX_READINGS) throw this.refuse(`kept changing during ${MAX_READINGS} readings in a row`);
			previous = reading;
			earlier.push(reading.records);
			reading = await this.reading(this.firstSize(), limit);
		}
	}

	/**
	 * Asks the collection's change feeds whether anything changed since the earliest of `readings`
	 * started (lists of this collection): true or false; undefined where the collection has no
	 * feed or an answer no readable `Date`.
	 */
	async sawNoChangeIn(
		readings: Array<{ reading: Reading; read: ListRead }>,
		appendOnly = false,
	): Promise<boolean | undefined> {
		const feed = changeFeedOf(this.request.path);
		const starts = readings.map(({ reading }) => changesSince(reading.date, processState.clock.now()));
		if (!feed || starts.some((start) => start === undefined)) return undefined;
		const since = Math.min(...(starts as number[]));
		const fetch = async (query: IDataObject) => (await this.page(this.list, query)).envelope;
		const lists = readings.map(({ reading, read }) => ({ query: read.request.qs ?? {}, total: reading.total }));
		return await nothingChangedSince(fetch, feed, since, lists, { edits: !appendOnly });
	}

	/**
	 * Whether only a deletion can move this list's records (changeCheck.ts): such a read needs only
	 * the deletions' check, and stays sound while a busy business creates and edits records during it.
	 */
	private appendOnly(): boolean {
		return onlyDeletionsMove(changeFeedOf(this.request.path), this.request.qs);
	}

	private firstSize(): number {
		return this.limit === undefined ? MAX_PAGE_SIZE : Math.min(this.limit, MAX_PAGE_SIZE);
	}

	/** One reading of the list: the first page, then the rest several at once or by `$next`. */
	private async reading(firstSize: number, limit: number | undefined): Promise<FirstReading> {
		const first = await this.page(this.request.path, { ...this.request.qs, items_per_page: firstSize });
		const total = this.plausibleTotal(first.envelope.$total);
		// The service made its pages smaller than asked, or one request at a time: its own links.
		const followed =
			firstSize === MAX_PAGE_SIZE &&
			(first.envelope.$items.length < Math.min(MAX_PAGE_SIZE, total) || this.pace.concurrency <= 1);
		const pages = new PageAssembly(firstSize, total, followed);
		pages.add(1, first.envelope);
		if (followed) await this.followNext(first.envelope, pages, limit);
		else if (firstSize === MAX_PAGE_SIZE) await this.readPages(2, lastPage(total, limit), pages);
		return {
			...pages.finish(limit),
			date: headerValue(first.response.headers, 'date'),
			headers: first.response.headers,
			business: first.response.business,
		};
	}

	/**
	 * The service's `$next` links, one after the other: never one already followed, and no more
	 * pages than the largest `$total` seen fills at the service's page size (the first page's).
	 */
	private async followNext(first: ListEnvelope, pages: PageAssembly, limit: number | undefined) {
		const followed = new Set<string>();
		const pageSize = first.$items.length;
		let largestTotal = first.$total;
		let next = first.$next;
		let count = first.$items.length;
		for (let page = 2; next && (limit === undefined || count < limit); page++) {
			if (!isServicePath(next)) throw this.refuse(`has a $next link that is not a path on the service (${next})`);
			if (followed.has(next)) throw this.refuse(`has a $next link that leads back to a page already read (${next})`);
			if (page > pagesAllowedByTotal(largestTotal, pageSize)) {
				throw this.refuse(
					`has $next links past page ${page - 1}, more than its $total of ${largestTotal} records at ${pageSize} a page allows`,
				);
			}
			followed.add(next);
			const { envelope } = await this.page(next, undefined);
			largestTotal = Math.max(largestTotal, this.plausibleTotal(envelope.$total));
			count += envelope.$items.length;
			if (count > MAX_RECORDS) throw this.refuse(`holds more than the ${MAX_RECORDS} records a read accepts`);
			pages.add(page, envelope);
			next = envelope.$next;
		}
	}

	/**
	 * Reads pages `from`..`to` into `pages`, `concurrency` at a time, started in page order; the
	 * first failure fails the read. A page's answer is looked at after the next page is asked
	 * for, so that no request waits for the parsing of another answer.
	 */
	private async readPages(from: number, to: number, pages: PageAssembly): Promise<void> {
		const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
		const looked: Array<Promise<void>> = [];
		let outOfContract: unknown;
		const lookAt = (page: number, response: RawResponse) => {
			try {
				pages.add(page, this.envelopeOf(this.request.path, response).envelope);
			} catch (error) {
				outOfContract ??= error;
			}
		};
		await runAllOrFail(
			numbers.map((page) => async () => {
				// An answer found out of contract stops the read before another page is asked for.
				if (outOfContract) throw outOfContract;
				const qs = { ...this.request.qs, items_per_page: MAX_PAGE_SIZE, page };
				const response = await this.answer(this.request.path, qs);
				looked.push(nextTurn().then(() => lookAt(page, response)));
			}),
			this.pace.concurrency,
		);
		await Promise.all(looked);
		if (outOfContract) throw outOfContract;
	}

	/** A `$total` as a count of records the read accepts, else an error naming the list. */
	private plausibleTotal(total: unknown): number {
		const why = implausibleTotal(total);
		if (why) throw this.refuse(`was answered with a $total of ${String(total)}, which ${why}`);
		return total as number;
	}

	private refuse(what: string): NodeOperationError {
		return new NodeOperationError(this.context.getNode(), `The list ${this.list} ${what}`, {
			itemIndex: this.request.itemIndex,
			description:
				'The service answered out of contract, or the list kept changing. Run the workflow again; if it persists, narrow the read with filters.',
		});
	}

	private envelopeOf(
		path: string,
		response: RawResponse,
	): { response: ApiResponse<IDataObject>; envelope: ListEnvelope } {
		const envelope = response.body as ListEnvelope;
		if (!Array.isArray(envelope?.$items) || typeof envelope.$total !== 'number' || !envelope.$items.every(isRecord)) {
			throw new NodeOperationError(
				this.context.getNode(),
				`The service did not answer ${path.split('?')[0]} with a list`,
				{
					itemIndex: this.request.itemIndex,
				},
			);
		}
		return {
			response: {
				body: response.body as IDataObject,
				headers: response.headers,
				business: headerValue(response.headers, 'x-business'),
			},
			envelope,
		};
	}
}
