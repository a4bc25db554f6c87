/**
 * What a poll of the trigger's invoice events costs at the service's pace: Invoice Became Overdue
 * on the sales invoices of the business with `scale` of them, each sandbox answer taking
 * `latencyMs`, polled as n8n polls it (test/harness's Poller: n8n-core's poll path, static data kept
 * between polls), the workflow's time zone UTC. Its activation (the first poll of the day), a poll a
 * minute later, the first poll after the next midnight (the sandbox's clock moved on), and one a
 * minute after that; then Invoice Paid's activation and a later poll. Every poll's requests by list
 * from the sandbox's log, checked against the count the sandbox's own lists imply.
 */
import { accountingServiceTriggerNode, Poller, type PollOutcome } from '../test/harness';
import { renewElsewhere } from '../test/node/token-renewal';
import { connectToSandbox } from './connect';
import { checkedLists, expectedCounts, recordsOf, requestsByList, type ExpectedRead, type ListCount } from './reports';
import {
	advanceClock,
	apiRequestLog,
	clearLog,
	sandboxNow,
	startSandboxProcess,
	type SandboxProcess,
} from './sandbox-process';

export interface PollRun {
	event: string;
	poll: string;
	/** The day the poll judged: the day's first poll reads the owing invoices. */
	judgesTheDay: boolean;
	requests: number;
	expectedRequests: number;
	lists: ListCount[];
	ms: number;
	/** Items the poll output (events). */
	events: number;
}

export interface InvoicePolls {
	scale: number;
	latencyMs: number;
	/** The owing sales invoices by status (`$total`), as the sandbox lists them. */
	owing: Array<{ status: string; invoices: number }>;
	runs: PollRun[];
}

/** The statuses of an invoice with something outstanding, as the service names them. */
const OWING = ['UNPAID', 'PART_PAID', 'DISPUTED'];
const DAY_MS = 86_400_000;

/** The service's clock, from one record of the list (the trigger's first poll). */
const CLOCK_READ: ExpectedRead = { collection: 'sales_invoices', single: true };
/** What changed since the last poll: one page (nothing changes in the sandbox meanwhile). */
const FEED_READ: ExpectedRead = {
	collection: 'sales_invoices',
	query: { updated_or_created_since: 'the last poll' },
	single: true,
};
/** The owing invoices, one list per status read side by side, sharing one change check: the day's judgement. */
const OWING_READS: ExpectedRead[] = OWING.map((status) => ({
	collection: 'sales_invoices',
	query: { status_id: status },
	checkedWith: 'owing invoices',
}));

export async function measureInvoicePolls(
	sizes: { scale: number; latencyMs: number },
	log: (line: string) => void,
): Promise<InvoicePolls> {
	const sandbox = await startSandboxProcess({ scale: sizes.scale, latencyMs: sizes.latencyMs });
	try {
		const connected = await connectToSandbox(sandbox);
		const records = await recordsOf(sandbox, connected, OWING_READS);
		const poller = (event: string) =>
			new Poller(
				connected.store,
				accountingServiceTriggerNode(connected.credential, { resource: 'salesInvoice', event }),
				{
					settings: { timezone: 'UTC' },
				},
			);
		const runs: PollRun[] = [];
		const measure = async (event: string, poll: string, expected: ExpectedRead[], run: () => Promise<PollOutcome>) => {
			await clearLog(sandbox);
			const outcome = await run();
			if (outcome.error) throw outcome.error;
			const how = `${event}, ${poll}`;
			const lists = checkedLists(
				how,
				expectedCounts(expected, records),
				requestsByList(sandbox, await apiRequestLog(sandbox)),
			);
			const measured: PollRun = {
				event,
				poll,
				judgesTheDay: expected.some((read) => OWING_READS.includes(read)),
				requests: lists.reduce((sum, count) => sum + count.measured, 0),
				expectedRequests: lists.reduce((sum, count) => sum + count.expected, 0),
				lists,
				ms: outcome.durationMs,
				events: outcome.items.length,
			};
			runs.push(measured);
			log(
				`  ${how}: ${measured.requests} requests (expected ${measured.expectedRequests}), ` +
					`${(measured.ms / 1000).toFixed(1)} s, ${measured.events} events`,
			);
		};
		const aMinuteLater = async () => await advanceClock(sandbox, 60);

		const overdue = poller('becameOverdue');
		await measure(
			'Became Overdue',
			'activation: the first poll, the day judged',
			[CLOCK_READ, FEED_READ, ...OWING_READS],
			() => overdue.activate(),
		);
		await aMinuteLater();
		await measure('Became Overdue', 'a later poll the same day', [FEED_READ], () => overdue.poll());
		await untilTheNextDay(sandbox, connected);
		await measure('Became Overdue', 'the first poll of the next day', [FEED_READ, ...OWING_READS], () =>
			overdue.poll(),
		);
		await aMinuteLater();
		await measure('Became Overdue', 'a later poll that day', [FEED_READ], () => overdue.poll());

		const paid = poller('paid');
		await measure(
			'Paid',
			'activation: the first poll, the owing invoices read',
			// The window again after the owing invoices: what changed since the start while they were read.
			[CLOCK_READ, { ...FEED_READ, times: 2 }, ...OWING_READS],
			() => paid.activate(),
		);
		await aMinuteLater();
		await measure('Paid', 'a later poll', [FEED_READ], () => paid.poll());

		const owing = OWING_READS.map((read, index) => ({ status: OWING[index], invoices: records.get(read) ?? 0 }));
		return { scale: sizes.scale, latencyMs: sizes.latencyMs, owing, runs };
	} finally {
		await sandbox.stop();
	}
}

/**
 * The sandbox's clock moved to 30 s past its next midnight (UTC, the workflow's time zone), and the
 * credential's tokens renewed, as n8n would have renewed them over those hours.
 */
async function untilTheNextDay(sandbox: SandboxProcess, connected: Awaited<ReturnType<typeof connectToSandbox>>) {
	const now = await sandboxNow(sandbox);
	const nextMidnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
	await advanceClock(sandbox, Math.ceil((nextMidnight - now) / 1000) + 30);
	const { store, credential } = connected;
	const renewed = await renewElsewhere(
		{ urls: sandbox.urls, sandbox: { client: sandbox.client } },
		store.oauthTokenData(credential.id),
	);
	store.writeOauthTokenData(credential.id, renewed);
}
