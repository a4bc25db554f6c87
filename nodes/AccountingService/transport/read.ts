import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RequestContext } from './credential';
import {
	boundaries,
	decidePass,
	joinFollowedPages,
	edgeOf,
	lastPage,
	pageRead,
	range,
	Records,
	type Pass,
} from './pages';
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
 *   once. At one request at a time the read follows `$next` exactly as before.
 * - **Pace.** Every page takes its turn in the business's budget (send.ts, state.ts): a read that
 *   fits the budget runs at full concurrency, a larger one waits only when the window is full.
 *   A 429 holds every waiting request of the business until its `Retry-After` has passed; the
 *   page that met it is read again.
 * - **Order and completeness.** Pages are put together in page order, records deduplicated by
 *   `id`. After the pages, the record beside each boundary between two pages is read again (one
 *   record each): a deletion and a creation, or an edit that moves a record in a sorted list,
 *   keep `$total` and still slide records across a boundary. When `$total` changes between pages
 *   or a boundary moved, the read is `moved` and re-reads from the page before the first one
 *   that moved (pages.ts decides which).
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
	const { response, envelope } = await new ListRead(this, request).page(request.path, request.qs);
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

class ListRead {
	private readonly pace: ReadPace;

	/** Answers so far. */
	private answers = 0;

	constructor(
		private readonly context: RequestContext,
		private readonly request: ApiRequest,
	) {
		this.pace = request.pace ?? DEFAULT_READ_PACE;
	}

	/** One page, through faults: retried per the request's policy, a 401 renewed once (send.ts). */
	async page(
		path: string,
		qs: IDataObject | undefined,
	): Promise<{ response: ApiResponse<IDataObject>; envelope: ListEnvelope; arrived: number }> {
		return this.envelopeOf(path, await send(this.context, { ...this.request, path, qs }, 'transport'));
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

		let pass: Pass = { start: 1, pages: new Map([[1, pageRead(1, first.envelope, first.arrived)]]) };
		if (first.envelope.$items.length < Math.min(MAX_PAGE_SIZE, total)) {
			// The service made its pages smaller than asked: only its own `$next` links address them.
			await this.followNext(first.envelope, pass, limit);
			const { items, moved } = joinFollowedPages(pass, total, limit);
			return answer(items, moved);
		}
		if (this.pace.concurrency <= 1) await this.followNext(first.envelope, pass, limit);
		else await this.readPages(range(2, lastPage(total, limit)), pass);
		await this.readEdges(pass);

		const records = new Records();
		let moved = false;
		let accepted: Set<string> | undefined;
		for (let repairs = 0; ; repairs++) {
			const decision = decidePass(pass, { accepted, repairs }, limit);
			moved ||= decision.moved;
			if (decision.restart) records.clear();
			for (const page of decision.accept) records.add(page.items);
			if (!decision.reread) break;
			accepted = decision.accepted;
			pass = { start: decision.reread.from, pages: new Map() };
			await this.readPages(range(decision.reread.from, decision.reread.to), pass);
			await this.readEdges(pass);
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
		await this.inTurn(pages, async (page) => {
			const { envelope, arrived } = await this.page(this.request.path, {
				...this.request.qs,
				items_per_page: MAX_PAGE_SIZE,
				page,
			});
			pass.pages.set(page, pageRead(page, envelope, arrived));
		});
	}

	/**
	 * After every page of the pass: the one record beside each boundary between two of its pages
	 * (`items_per_page=1`), so that pages.ts can tell whether records slid across a boundary while
	 * the pass read. A list that held still costs one small request per boundary.
	 */
	private async readEdges(pass: Pass): Promise<void> {
		const edges = new Map<number, string | null>();
		await this.inTurn(boundaries(pass), async (page) => {
			const { place } = edgeOf(pass, page)!;
			const { envelope } = await this.page(this.request.path, { ...this.request.qs, items_per_page: 1, page: place });
			const served = typeof envelope.$page !== 'number' || envelope.$page === place;
			const id = envelope.$items[0]?.id;
			edges.set(page, served && typeof id === 'string' ? id : null);
		});
		pass.edges = edges;
	}

	/** Runs `work` for each of `keys`, `concurrency` at a time, started in order; the first failure fails them all. */
	private async inTurn<T>(keys: T[], work: (key: T) => Promise<void>): Promise<void> {
		let next = 0;
		let failed: { error: unknown } | undefined;
		const worker = async () => {
			while (!failed && next < keys.length) {
				const key = keys[next++];
				try {
					await work(key);
				} catch (error) {
					failed ??= { error };
				}
			}
		};
		await Promise.all(Array.from({ length: Math.min(this.pace.concurrency, keys.length) }, worker));
		if (failed) throw failed.error;
	}

	private envelopeOf(
		path: string,
		response: RawResponse,
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
}
