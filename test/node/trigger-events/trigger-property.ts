// The trigger's promise as properties over random histories (issue 49, the paging review brief):
// creations, edits, deletions and voids between polls and during them (between any two of a poll's
// requests, the backfill's pages included), old records deleted into the list of deletions while
// it is backfilled, businesses failing for several polls under All Businesses, and n8n restarting
// from the static data it saved. Every change comes out exactly once across the polls.
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { T0, startTriggerSandbox, type TriggerSandbox } from '../trigger-sandbox';

const ALL = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' };

type Kind = 'create' | 'edit' | 'delete' | 'void';
interface Step {
	kind: Kind;
	/** Which live record (an index into them, modulo their number). */
	pick: number;
	/** Which business (modulo the businesses the history touches). */
	business: number;
}
interface Poll {
	between: Step[];
	/** Made as the poll's `request`-th API request arrives (modulo the requests it makes). */
	during: Array<Step & { request: number }>;
	/** Businesses (beyond the lead) refusing during this poll (the first poll's also at activation), by index. */
	failing: readonly number[];
	/** n8n restarts after this poll, from the static data it saved. */
	restart: boolean;
}

const step = (kinds: Kind[]) =>
	fc.record({ kind: fc.constantFrom(...kinds), pick: fc.nat(10_000), business: fc.nat(2) });
const history = (kinds: Kind[], { failures = false, polls = 5 } = {}) =>
	fc.array(
		fc.record({
			between: fc.array(step(kinds), { maxLength: 4 }),
			during: fc.array(
				fc.record({
					kind: fc.constantFrom(...kinds.filter((kind) => kind !== 'void')),
					pick: fc.nat(10_000),
					business: fc.nat(2),
					request: fc.nat(12),
				}),
				{ maxLength: 3 },
			),
			failing: failures ? fc.subarray([1, 2]) : fc.constant<number[]>([]),
			restart: fc.boolean(),
		}),
		{ minLength: 2, maxLength: polls },
	);

/** A sandbox, the businesses a history touches, their live invoices and what happened to them. */
class Books {
	readonly live = new Map<string, string[]>();
	/** Invoices deleted after activation, per business. */
	readonly deleted = new Map<string, Set<string>>();
	/** Invoices created or changed after activation, per business. */
	readonly touched = new Map<string, Set<string>>();
	private notes = 0;

	constructor(
		readonly env: TriggerSandbox,
		readonly businesses: string[],
	) {}

	async load() {
		for (const business of this.businesses) {
			this.live.set(business, [...(await this.state(business)).keys()]);
			this.deleted.set(business, new Set());
			this.touched.set(business, new Set());
		}
	}

	/** The business's live invoices now, read directly: id → `updated_at|notes`. */
	async state(business: string): Promise<Map<string, string>> {
		const state = new Map<string, string>();
		let next: string | null = '/sales_invoices?items_per_page=200&attributes=updated_at,notes';
		while (next) {
			const page = (await this.env.fetchDirect(next, { 'X-Business': business })).body;
			for (const item of page.$items as IDataObject[]) state.set(String(item.id), stateOf(item));
			next = page.$next as string | null;
		}
		return state;
	}

	/** Makes the change; false when it could not be made (nothing live to change). */
	apply({ kind, pick, business: which }: Step): boolean {
		const business = this.businesses[which % this.businesses.length];
		const live = this.live.get(business)!;
		const { dataset } = this.env.sandbox;
		if (kind === 'create') {
			const created = dataset.createRecord(business, 'sales_invoices', { notes: `note ${++this.notes}` });
			live.push(String(created.id));
			this.touched.get(business)!.add(String(created.id));
			return true;
		}
		if (!live.length) return false;
		const id = live[pick % live.length];
		if (kind === 'edit') {
			dataset.updateRecord(business, 'sales_invoices', id, { notes: `note ${++this.notes}` });
			this.touched.get(business)!.add(id);
			return true;
		}
		dataset.deleteRecord(business, 'sales_invoices', id);
		live.splice(live.indexOf(id), 1);
		this.deleted.get(business)!.add(id);
		return true;
	}

	/** Voids through the API (`DELETE` with a reason): the invoice stays, changed; a draft is deleted. */
	async voidOne({ pick, business: which }: Step) {
		const business = this.businesses[which % this.businesses.length];
		const live = this.live.get(business)!;
		if (!live.length) return;
		const id = live[pick % live.length];
		const token = (this.env.store.oauthTokenData(this.env.credential.id) as IDataObject).access_token as string;
		const response = await request(`${this.env.urls.baseUrl}/sales_invoices/${id}?void_reason=property`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${token}`, 'X-Business': business },
		});
		await response.body.text();
		// Refused (voided already): nothing changed.
		if (response.statusCode >= 300) return;
		const gone = (await this.env.fetchDirect(`/sales_invoices/${id}`, { 'X-Business': business })).status === 404;
		if (gone) {
			live.splice(live.indexOf(id), 1);
			this.deleted.get(business)!.add(id);
		} else this.touched.get(business)!.add(id);
	}
}

const stateOf = (row: IDataObject) => `${String(row.updated_at)}|${String(row.notes ?? '')}`;

/** What the trigger output, applied in order as a table kept by its items would apply it. */
class Mirror {
	readonly rows = new Map<string, Map<string, string>>();
	readonly emitted: string[] = [];
	readonly deletions: string[] = [];

	apply(items: IDataObject[], lead: string) {
		for (const item of items) {
			if (item.change_type === 'error') continue;
			const business = String(item.business_id ?? lead);
			const id = String(item.id);
			const table = this.rows.get(business) ?? new Map<string, string>();
			this.rows.set(business, table);
			if (item.change_type === 'deleted') {
				this.deletions.push(`${business}:${id}`);
				table.delete(id);
				continue;
			}
			this.emitted.push(`${business}:${id}@${stateOf(item)}`);
			table.set(id, stateOf(item));
		}
	}
}

const repeated = (list: string[]) => list.filter((each, index) => list.indexOf(each) !== index);

/**
 * Activates the trigger, runs the history poll by poll a minute apart, then lets every business
 * answer again and polls until the changes have settled. The mirror of what came out.
 */
async function run(env: TriggerSandbox, books: Books, parameters: INodeParameters, polls: Poll[]): Promise<Mirror> {
	const mirror = new Mirror();
	const others = books.businesses.slice(1);
	const access = (failing: readonly number[]) => {
		for (const [index, business] of others.entries())
			env.sandbox.dataset.setBusinessAccess(business, failing.includes(index + 1) ? 'lapsed' : 'active');
	};
	access(polls[0].failing);
	let trigger = env.poller(parameters);
	const activated = await trigger.activate();
	expect(activated.error).toBeUndefined();
	mirror.apply(activated.json, env.lead);
	for (const poll of polls) {
		for (const change of poll.between) {
			env.clock.advance(1);
			if (change.kind === 'void') await books.voidOne(change);
			else books.apply(change);
		}
		env.clock.advance(60 - poll.between.length);
		access(poll.failing);
		let requests = 0;
		const stop = env.sandbox.beforeApiRequest(() => {
			requests++;
			for (const change of poll.during) if (change.request === requests) books.apply(change);
		});
		const outcome = await trigger.poll();
		stop();
		expect(outcome.error).toBeUndefined();
		mirror.apply(outcome.json, env.lead);
		if (poll.restart) trigger = env.poller(parameters, trigger.storedStaticData);
	}
	access([]);
	for (let poll = 0; poll < 3; poll++) {
		env.clock.advance(60);
		const outcome = await trigger.poll();
		expect(outcome.error).toBeUndefined();
		mirror.apply(outcome.json, env.lead);
	}
	return mirror;
}

async function withSandbox(scale: number, test: (env: TriggerSandbox) => Promise<void>) {
	const env = await startTriggerSandbox({ scale });
	try {
		await test(env);
	} finally {
		await env.sandbox.stop();
	}
}

const RUNS = { numRuns: 4, endOnFailure: true };

describe('exactly once over random histories (issue 49)', () => {
	it('New, Updated or Deleted from All Existing Records, a page a poll: the table equals the books, no version twice, each deletion once', async () => {
		await fc.assert(
			fc.asyncProperty(history(['create', 'edit', 'delete', 'void']), async (polls) => {
				await withSandbox(260, async (env) => {
					const books = new Books(env, [env.lead]);
					await books.load();
					const mirror = await run(
						env,
						books,
						{ event: 'anyChange', startFrom: 'all', output: 'raw', options: { startBatchSize: 1 } },
						polls,
					);
					expect(repeated(mirror.emitted)).toEqual([]);
					expect(repeated(mirror.deletions)).toEqual([]);
					const table = mirror.rows.get(env.lead) ?? new Map();
					expect([...table].sort()).toEqual([...(await books.state(env.lead))].sort());
					expect([...mirror.deletions].sort()).toEqual(
						[...books.deleted.get(env.lead)!].map((id) => `${env.lead}:${id}`).sort(),
					);
				});
			}),
			RUNS,
		);
	});

	it('Deleted Record from All Existing Records while old records are deleted: each deletion once', async () => {
		await fc.assert(
			fc.asyncProperty(history(['create', 'delete']), async (polls) => {
				await withSandbox(260, async (env) => {
					const books = new Books(env, [env.lead]);
					await books.load();
					// More than a page of deletions before activation, from the middle of the list: the
					// older invoices left are deleted into the list before the backfill's place.
					const live = books.live.get(env.lead)!;
					for (const id of live.splice(30, 210))
						env.sandbox.dataset.deleteRecord(env.lead, 'sales_invoices', id, { at: T0 - 86_400_000 });
					const mirror = await run(
						env,
						books,
						{ event: 'deleted', startFrom: 'all', output: 'raw', options: { startBatchSize: 1 } },
						polls,
					);
					expect(repeated(mirror.deletions)).toEqual([]);
					const every = await env.fieldByIdDirect(
						`/sales_invoices?deleted_since=${encodeURIComponent('1970-01-01T00:00:00Z')}`,
						'deleted_at',
					);
					expect([...mirror.deletions].sort()).toEqual([...every.keys()].map((id) => `${env.lead}:${id}`).sort());
				});
			}),
			RUNS,
		);
	});

	it('All Businesses from now, businesses refusing for several polls: every change once, in its business', async () => {
		await fc.assert(
			fc.asyncProperty(history(['create', 'edit', 'delete'], { failures: true, polls: 6 }), async (polls) => {
				await withSandbox(30, async (env) => {
					const keys = ['lead', 'second', 'invited'];
					const all = env.sandbox.dataset.businesses as Array<{ id: string; key: string }>;
					const books = new Books(
						env,
						keys.map((key) => all.find((business) => business.key === key)!.id),
					);
					await books.load();
					const mirror = await run(
						env,
						books,
						{ event: 'anyChange', startFrom: 'now', output: 'raw', business: ALL },
						polls,
					);
					expect(repeated(mirror.emitted)).toEqual([]);
					expect(repeated(mirror.deletions)).toEqual([]);
					const deletions: string[] = [];
					for (const business of books.businesses) {
						const state = await books.state(business);
						const touched = [...books.touched.get(business)!].filter((id) => state.has(id));
						const expected = touched.map((id) => [id, state.get(id)]).sort();
						expect([business, [...(mirror.rows.get(business) ?? new Map())].sort()]).toEqual([business, expected]);
						deletions.push(...[...books.deleted.get(business)!].map((id) => `${business}:${id}`));
					}
					expect([...mirror.deletions].sort()).toEqual(deletions.sort());
				});
			}),
			RUNS,
		);
	});
});
