import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../../nodes/AccountingService/transport';
import { processState } from '../../../nodes/AccountingService/state';

/**
 * The read of transport/read.ts against an imitation of the service that changes under it on
 * purpose: records deleted and inserted anywhere in the list's order while pages are read out of
 * order, many times over with a seeded random source. Whatever happens, a record present for the
 * whole read is output exactly once and in the list's order. The engine tests
 * (transport/parallel-read.ts) run the same read through n8n against the sandbox.
 */

interface Row {
	id: string;
	key: number;
}

/** A small seeded PRNG (mulberry32), so a failing case can be run again. */
function random(seed: number) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

interface FakeService {
	rows: Row[];
	requests: Array<{ path: string; started: number; status: number }>;
	renewals: number;
	/** Runs before the request with this 1-based number is served. */
	before?: (request: number) => void;
	/** Answers instead of the list, for the request with this number. */
	answer?: (request: number) => { statusCode: number; headers?: IDataObject; body?: unknown } | undefined;
	/** Milliseconds one answer takes. */
	delay: () => number;
	/** A service whose pages are never larger than this, whatever is asked. */
	maxPerPage?: number;
}

let credentialCounter = 0;

/** A node context whose requests the fake service answers, as n8n's helper would hand them over. */
function contextFor(service: FakeService, { canRenew = true } = {}): IExecuteFunctions {
	/** The token the client holds, and the one the service accepts (none after it expired). */
	let token = 1;
	let accepted = 1;
	const credentialId = `fake-${++credentialCounter}`;
	const serve = async (options: IHttpRequestOptions) => {
		const number = service.requests.length + 1;
		const url = new URL(String(options.url), 'http://fake');
		const query = new URLSearchParams(url.search);
		for (const [name, value] of Object.entries(options.qs ?? {})) query.set(name, String(value));
		const entry = { path: `${url.pathname}?${query}`, started: processState.clock.now(), status: 200 };
		service.requests.push(entry);
		const sentWith = token;
		await sleep(service.delay());
		service.before?.(number);
		const special = service.answer?.(number);
		if (special) {
			entry.status = special.statusCode;
			return { headers: {}, body: [], ...special };
		}
		if (sentWith !== accepted) {
			entry.status = 401;
			return { statusCode: 401, headers: {}, body: [] };
		}
		const perPage = Math.min(Number(query.get('items_per_page') ?? 20), service.maxPerPage ?? 200);
		const pages = Math.max(1, Math.ceil(service.rows.length / perPage));
		const page = Math.min(Number(query.get('page') ?? 1), pages);
		const items = service.rows.slice((page - 1) * perPage, page * perPage).map((row) => ({ id: row.id, key: row.key }));
		const next = page < pages ? `/things?items_per_page=${perPage}&page=${page + 1}` : null;
		return {
			statusCode: 200,
			headers: {},
			body: {
				$total: service.rows.length,
				$page: page,
				$next: next,
				$back: null,
				$itemsPerPage: perPage,
				$items: items,
			},
		};
	};
	const context = {
		getNode: () => ({
			id: 'fake-node',
			name: 'Fake',
			type: 'fake',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
			credentials: { accountingServiceOAuth2Api: { id: credentialId, name: 'Fake' } },
		}),
		getCredentials: async () => ({
			baseUrl: 'http://fake',
			oauthTokenData: { access_token: `access-${token}`, refresh_token: `refresh-${token}` },
		}),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				const response = await serve(options);
				if (response.statusCode === 401 && !options.ignoreHttpStatusErrors) {
					// n8n's own path: renew and repeat once.
					service.renewals++;
					accepted = ++token;
					return await serve(options);
				}
				if (!options.ignoreHttpStatusErrors && response.statusCode >= 400) {
					throw Object.assign(new Error(`HTTP ${response.statusCode}`), { response: { status: response.statusCode } });
				}
				return response;
			},
			...(canRenew
				? {
						refreshOAuth2Token: async () => {
							service.renewals++;
							await sleep(5);
							accepted = ++token;
						},
					}
				: {}),
		},
		/** Lets a test expire the token: every request sent with an older one gets a 401. */
		expire: () => {
			accepted = 0;
		},
	};
	return context as unknown as IExecuteFunctions;
}

function rowsOf(count: number, next: () => number): Row[] {
	return Array.from({ length: count }, () => ({ id: `r${next()}`, key: 0 })).map((row, index) => ({
		...row,
		key: index * 10,
	}));
}

async function readAll(
	service: FakeService,
	concurrency: number,
	extra: { canRenew?: boolean; perMinute?: number } = {},
) {
	const context = contextFor(service, extra);
	return await apiRequestAllItems.call(context, {
		path: '/things',
		pace: { concurrency, perMinute: extra.perMinute ?? 60_000 },
		retry: { maxRetries: 3, maxWaitMs: 1000, baseDelayMs: 10 },
	});
}

/** A service of 600–1,499 records answering at random delays, and the changes a case records. */
function randomCase(seed: number) {
	const rand = random(seed);
	let counter = 0;
	const nextId = () => ++counter;
	const service: FakeService = {
		rows: rowsOf(600 + Math.floor(rand() * 900), nextId),
		requests: [],
		renewals: 0,
		delay: () => Math.floor(rand() * 8),
	};
	return {
		rand,
		service,
		nextId,
		initial: service.rows.map((row) => row.id),
		initialIds: new Set(service.rows.map((row) => row.id)),
		deleted: new Set<string>(),
		created: new Set<string>(),
		changeUntil: 3 + Math.floor(rand() * 10),
	};
}

describe('a list that changes while it is read', () => {
	const cases = Array.from({ length: Number(process.env.READ_CASES ?? 40) }, (_, index) => index + 1);

	it.each(cases)('random case %i: every record present throughout once, in the list’s order', async (seed) => {
		const { rand, service, initial, initialIds, deleted, created, changeUntil, nextId } = randomCase(seed);
		let changedWhileRead = false;
		service.before = (request) => {
			if (request > changeUntil || rand() < 0.4) return;
			// Before the first page is served a change moves nothing: that page sets the total.
			if (request > 1) changedWhileRead = true;
			// Each change moves `$total` (how the read notices it, as a sequential read always did).
			const deleting = rand() < 0.55;
			for (let i = Math.floor(rand() * 4); i >= 0; i--) {
				if (deleting) {
					const [gone] = service.rows.splice(Math.floor(rand() * service.rows.length), 1);
					deleted.add(gone.id);
				} else {
					// Anywhere in the order: a sorted list, or the default order's end.
					const at = rand() < 0.3 ? service.rows.length : Math.floor(rand() * service.rows.length);
					const row = { id: `n${nextId()}`, key: 0 };
					service.rows.splice(at, 0, row);
					created.add(row.id);
				}
			}
		};
		const concurrency = [1, 2, 3, 5][seed % 4];
		const result = await readAll(service, concurrency);

		const output = result.body.map((item) => item.id as string);
		expect(new Set(output).size).toBe(output.length);
		const present = initial.filter((id) => !deleted.has(id));
		const seen = new Set(output);
		expect(present.filter((id) => !seen.has(id))).toEqual([]);
		expect(output.filter((id) => !initialIds.has(id) && !created.has(id))).toEqual([]);
		const presentSet = new Set(present);
		expect(output.filter((id) => presentSet.has(id))).toEqual(present);
		expect(result.moved).toBe(changedWhileRead);
	});

	it.each(cases)(
		'random case %i, $total kept: a deletion and a creation, or an edit moving a record to the end, between page reads — every record present throughout once',
		async (seed) => {
			const { rand, service, initial, initialIds, deleted, created, changeUntil, nextId } = randomCase(1000 + seed);
			// The default order (creation) or a sort by updated_at ascending: new and edited records
			// go to the end, so records only ever slide back across a boundary, never forth again.
			service.before = (request) => {
				if (request === 1 || request > changeUntil) return;
				const [taken] = service.rows.splice(Math.floor(rand() * service.rows.length), 1);
				if (rand() < 0.5) {
					deleted.add(taken.id);
					const row = { id: `n${nextId()}`, key: 0 };
					service.rows.push(row);
					created.add(row.id);
				} else service.rows.push(taken);
			};
			const result = await readAll(service, [1, 2, 3, 5][seed % 4]);

			const output = result.body.map((item) => item.id as string);
			expect(new Set(output).size).toBe(output.length);
			const seen = new Set(output);
			expect(initial.filter((id) => !deleted.has(id) && !seen.has(id))).toEqual([]);
			expect(output.filter((id) => !initialIds.has(id) && !created.has(id))).toEqual([]);
		},
	);

	it('a list that never holds still: the read stops after a bounded number of readings, with an error naming the list', async () => {
		let counter = 0;
		const rand = random(99);
		const service: FakeService = { rows: rowsOf(1000, () => ++counter), requests: [], renewals: 0, delay: () => 1 };
		service.before = (request) => {
			if (request % 2) service.rows.splice(Math.floor(rand() * service.rows.length), 1);
			else service.rows.splice(Math.floor(rand() * service.rows.length), 0, { id: `n${++counter}`, key: 0 });
		};
		await expect(readAll(service, 3)).rejects.toThrow(/The list \/things kept changing during 5 readings/);
		// Five readings of the 5 pages.
		expect(service.requests.length).toBeLessThanOrEqual(5 * 5);
	});

	it('a list without change feeds that holds still: read twice, the readings agree, not moved', async () => {
		let counter = 0;
		const service: FakeService = {
			rows: rowsOf(1234, () => ++counter),
			requests: [],
			renewals: 0,
			delay: () => Math.floor(Math.random() * 6),
		};
		const result = await readAll(service, 4);
		expect(result.body.map((item) => item.id)).toEqual(service.rows.map((row) => row.id));
		expect(result.moved).toBe(false);
		// `/things` is no collection of the service's: no feed says what changed, a second reading does.
		expect(service.requests).toHaveLength(7 + 7);
	});
});

it('a service that makes its pages smaller than asked: the read follows its `$next` links instead', async () => {
	let counter = 0;
	const service: FakeService = {
		rows: rowsOf(650, () => ++counter),
		requests: [],
		renewals: 0,
		delay: () => 1,
		maxPerPage: 100,
	};
	const result = await readAll(service, 3);
	expect(result.body.map((item) => item.id)).toEqual(service.rows.map((row) => row.id));
	expect(result.moved).toBe(false);
	// Twice: no feed says what changed (`/things`), the second reading agrees with the first.
	expect(service.requests.map((request) => new URLSearchParams(request.path.split('?')[1]).get('page') ?? '1')).toEqual(
		['1', '2', '3', '4', '5', '6', '7', '1', '2', '3', '4', '5', '6', '7'],
	);
});

describe('pace, 429 and renewal', () => {
	it('starts at most Max Requests per Minute in any 60 s (the transport’s clock), across the concurrent ones', async () => {
		let counter = 0;
		const service: FakeService = { rows: rowsOf(1400, () => ++counter), requests: [], renewals: 0, delay: () => 2 };
		const started = processState.clock.now();
		await readAll(service, 5, { perMinute: 3 });
		const starts = service.requests.map((request) => request.started);
		for (const start of starts)
			expect(starts.filter((other) => other >= start && other < start + 60_000).length).toBeLessThanOrEqual(3);
		// 7 pages at 3 a minute: the read spent two more windows.
		expect(processState.clock.now() - started).toBeGreaterThanOrEqual(2 * 60_000);
	});

	it('a 429 holds every request until its Retry-After; the page is read again once', async () => {
		let counter = 0;
		const service: FakeService = { rows: rowsOf(1400, () => ++counter), requests: [], renewals: 0, delay: () => 5 };
		service.answer = (request) => (request === 3 ? { statusCode: 429, headers: { 'retry-after': '0.3' } } : undefined);
		const result = await readAll(service, 3);
		expect(result.body).toHaveLength(1400);
		const limited = service.requests[2];
		const later = service.requests.slice(3);
		// Requests already on their way (sent before the 429 came back) finish; none starts during the pause.
		const startedDuringPause = later.filter(
			(request) => request.started > limited.started + 50 && request.started < limited.started + 300,
		);
		expect(startedDuringPause).toEqual([]);
		// Read again once (and once more by the second reading a list without change feeds takes).
		expect(later.filter((request) => request.path === limited.path).map((request) => request.status)).toEqual([
			200, 200,
		]);
	});

	it.each([true, false])(
		'an expired token mid-read: one renewal for all parallel requests (n8n renews itself: %s)',
		async (canRenew) => {
			let counter = 0;
			const service: FakeService = { rows: rowsOf(2000, () => ++counter), requests: [], renewals: 0, delay: () => 20 };
			const context = contextFor(service, { canRenew });
			service.before = (request) => {
				if (request === 4) (context as unknown as { expire(): void }).expire();
			};
			const result = await apiRequestAllItems.call(context, {
				path: '/things',
				pace: { concurrency: 5, perMinute: 60_000 },
			});
			expect(result.body.map((item) => item.id)).toEqual(service.rows.map((row) => row.id));
			expect(service.renewals).toBe(1);
			expect(service.requests.filter((request) => request.status === 401).length).toBeGreaterThanOrEqual(2);
		},
	);
});
