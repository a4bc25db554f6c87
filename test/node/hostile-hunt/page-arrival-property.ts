// The review briefs: Return All outputs every record once, in the service's order; one hostile
// answer cannot bring the n8n process down. The pages of a read go out several at once and are
// put together as they arrive (pages.ts, PageAssembly), each answer looked at only after the
// next page is asked for (read.ts, readPages): whatever order the pages come back in, and
// whichever of them answers out of contract, the read is the list in order, or an error naming
// the list soon after the bad answer, with no promise left to reject after the read has ended.
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { listEnvelope } from '../hostile-list';
import { startServer, type TestServer } from '../hostile-service';

const env = useConnectedSandbox();
let hostile: TestServer;
let run: (parameters: INodeParameters) => Promise<Awaited<ReturnType<typeof runWorkflow>>>;

const ids = (total: number) => Array.from({ length: total }, (_, index) => `r${String(index).padStart(5, '0')}`);

const records = (total: number, page: number, size: number) =>
	ids(total)
		.slice((page - 1) * size, page * size)
		.map((id): IDataObject => ({ id, displayed_as: id }));

/**
 * Answers out of contract a page may get (every one with status 200 but the 400), and two that
 * say the list moved while it was read, at every reading.
 */
const faults: Record<string, (res: ServerResponse, page: number, total: number) => void> = {
	'another $total': (res, page, total) =>
		res
			.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
			.end(JSON.stringify(listEnvelope(records(total, page, 200), total + 1, null, page))),
	'another $page': (res, page, total) =>
		res
			.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
			.end(JSON.stringify(listEnvelope(records(total, page, 200), total, null, page + 1))),
	html: (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway</body></html>'),
	'empty body': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(''),
	'a JSON string': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('"a list"'),
	'no $items': (res, page, total) =>
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ $total: total, $page: page })),
	'$total not a number': (res, page) =>
		res
			.writeHead(200, { 'content-type': 'application/json' })
			.end(JSON.stringify({ ...listEnvelope([], 0, null, page), $total: '400' })),
	'a 400': (res) =>
		res
			.writeHead(400, { 'content-type': 'application/json' })
			.end(JSON.stringify([{ $severity: 'error', $dataCode: 'RecordInvalid', $message: 'refused' }])),
};

interface Case {
	total: number;
	concurrency: number;
	/** Each page's answer waits this many milliseconds (real time): pages come back in any order. */
	delays: number[];
	fault?: { page: number; kind: string };
}

let current: Case;
/** What the server did, in order: `ask N` when page N was asked for, `bad` when the bad answer went. */
let events: string[] = [];

async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
	const url = new URL(req.url ?? '/', 'http://hostile');
	const json = (body: unknown) =>
		res
			.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
			.end(JSON.stringify(body));
	if (url.searchParams.has('updated_or_created_since') || url.searchParams.has('deleted_since')) {
		json(listEnvelope([], 0, null));
		return true;
	}
	const page = Number(url.searchParams.get('page') ?? '1');
	const size = Number(url.searchParams.get('items_per_page') ?? '20');
	events.push(`ask ${page}`);
	await new Promise((resolve) => setTimeout(resolve, current.delays[(page - 1) % current.delays.length]));
	if (current.fault?.page === page) {
		events.push('bad');
		faults[current.fault.kind](res, page, current.total);
		return true;
	}
	json(listEnvelope(records(current.total, page, size), current.total, null, page));
	return true;
}

beforeAll(async () => {
	hostile = await startServer(answer);
	const { store, credential } = await connectedStore({
		urls: { ...env.urls, baseUrl: `${hostile.origin}/v3.1` },
		client: env.sandbox.client,
	});
	run = async (parameters) => await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] });
});
afterAll(async () => {
	await hostile?.close();
});

const cases: fc.Arbitrary<Case> = fc
	.record({
		pages: fc.integer({ min: 2, max: 6 }),
		lastPageSize: fc.integer({ min: 1, max: 200 }),
		concurrency: fc.integer({ min: 2, max: 5 }),
		delays: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 6, maxLength: 6 }),
		fault: fc.option(
			fc.record({ page: fc.integer({ min: 1, max: 6 }), kind: fc.constantFrom(...Object.keys(faults)) }),
			{ freq: 2 },
		),
	})
	.map(({ pages, lastPageSize, concurrency, delays, fault }) => ({
		total: (pages - 1) * 200 + lastPageSize,
		concurrency,
		delays,
		fault: fault ? { ...fault, page: Math.min(fault.page, pages) } : undefined,
	}));

describe('pages that come back in any order, one of them perhaps out of contract', () => {
	it('make the list in order, each record once, or an error naming the list soon after, never an unhandled rejection', async () => {
		const rejections: unknown[] = [];
		const onRejection = (reason: unknown) => rejections.push(reason);
		process.on('unhandledRejection', onRejection);
		try {
			await fc.assert(
				fc.asyncProperty(cases, async (drawn) => {
					current = drawn;
					events = [];
					const result = await run({
						resource: 'contact',
						operation: 'getAll',
						returnAll: true,
						output: 'raw',
						requestOptions: { concurrentRequests: drawn.concurrency },
					});
					// What the read left under way settles (an answer looked at after the read failed).
					await new Promise((resolve) => setTimeout(resolve, 20));
					expect(rejections).toEqual([]);
					const output = (result.json('Accounting Service') ?? []).map((item) => item.id);
					// A list that said it moved (at every reading) is read whole, each record once, or refused by name.
					if (!drawn.fault || (drawn.fault.kind.startsWith('another') && !result.error)) {
						expect(result.error).toBeUndefined();
						expect(output).toEqual(ids(drawn.total));
						return;
					}
					// The service's own refusal speaks for itself; any other bad answer is named by its list.
					expect(result.error?.message).toMatch(drawn.fault.kind === 'a 400' ? /refused/ : /\/contacts/);
					expect(output).toEqual([]);
					if (drawn.fault.kind.startsWith('another')) return;
					// After the bad answer, each lane asks for at most one more page before it sees it.
					const afterBad = events.slice(events.indexOf('bad')).filter((event) => event.startsWith('ask'));
					expect(afterBad.length).toBeLessThanOrEqual(drawn.concurrency);
				}),
				{ numRuns: 20 },
			);
		} finally {
			process.off('unhandledRejection', onRejection);
		}
	});
});
