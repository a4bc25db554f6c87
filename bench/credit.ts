/**
 * Credit control and the money ahead at the service's pace (issues 52 and 53): Aged Debtors with
 * Output Documents, the trigger's Invoice Became Overdue and Paid polls, the Cash Flow Forecast and
 * the Key Figures, on the business with `scale` sales invoices, each sandbox answer taking
 * `latencyMs`, the node at its defaults. The reports run as bench/reports.ts runs them (a fresh
 * process each, their requests checked by list against the sandbox's own lists); the polls as
 * bench/invoice-polls.ts runs them. No goal on time: the counts are checked, the times are one run's.
 */
import type { INodeParameters } from 'n8n-workflow';

import { dayInZone } from '../test/node/invoice-event-books';
import { measureInvoicePolls, type InvoicePolls, type PollRun } from './invoice-polls';
import { measuredAlone, MiB } from './measure';
import {
	agedCase,
	agedListsAsAt,
	listsMarkdown,
	loadText,
	measureReportCases,
	seconds,
	SETTINGS,
	thousands,
	type BookDays,
	type ExpectedRead,
	type ReportCase,
	type ReportRun,
	type Reports,
} from './reports';
import type { SandboxProcess } from './sandbox-process';

type Worker = (sandbox: SandboxProcess, scenario: Record<string, unknown>) => Promise<Record<string, number | string>>;

export interface Credit {
	reports: Reports;
	polls: InvoicePolls;
	/** The workflow's day the forecast from today started on (n8n's default time zone). */
	today: string;
}

/** n8n's default time zone: the workflows the bench runs have no time zone of their own. */
const N8N_DEFAULT_TIME_ZONE = 'America/New_York';
/** The service's rule for version 3, which the node's budget keeps to: 200 request starts in any 60 s, + 1 s margin. */
const BUDGET = { requests: 200, windowMs: 61_000 };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (text: string) => Date.parse(`${text}T00:00:00Z`);
const dayBefore = (text: string) => day(dayMs(text) - 86_400_000);
const dayAfter = (text: string) => day(dayMs(text) + 86_400_000);
/** The same day a year before (29 February: the 28th). */
const yearBefore = (text: string) => {
	const [year, month, date] = text.split('-').map(Number);
	return day(Date.UTC(year - 1, month - 1, Math.min(date, month === 2 ? 28 : date)));
};

const report = (operation: string, parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'report',
	operation,
	...parameters,
});
const alone = (name: string, reads: INodeParameters[], expected: ExpectedRead[]): ReportCase => ({
	report: name,
	variant: '',
	withReport: { how: 'The report', reads, expected },
	baselines: [],
});

/**
 * The bank's ledger accounts with their balance details from before every entry to the day: the
 * forecast's opening cash (the list key ignores the dates).
 */
const BANK_READ: ExpectedRead = { collection: 'ledger_accounts', query: { ledger_account_type_id: 'BANK' } };

/** The invoices of the side dated in the 12 months to `asAt` and paid in full: the contacts' days late. */
const paidInvoicesRead = (collection: string, asAt: string): ExpectedRead => ({
	collection,
	query: {
		status_id: 'PAID',
		from_date: dayAfter(yearBefore(asAt)),
		to_date: asAt,
		show_payments_allocations: 'true',
	},
});

/**
 * The forecast of 13 weeks from `start` (today: Start Date left empty): the settings, the bank
 * balance at the end of the day before, both sides' open items then (as the aged reports read a
 * past day), and with the contact's days late the paid invoices of the 12 months to it.
 */
function forecastCase(start: { day: string; today: boolean }, daysLate: boolean): ReportCase {
	const asAt = dayBefore(start.day);
	return alone(
		`Cash Flow Forecast, 13 weeks from ${start.today ? 'today' : start.day}${daysLate ? ', due date + the contact’s average days late' : ''}`,
		[
			report('cashFlowForecast', {
				...(start.today ? {} : { startDate: start.day }),
				...(daysLate ? { expectedDay: 'averageDaysLate' } : {}),
			}),
		],
		[
			SETTINGS,
			BANK_READ,
			...agedListsAsAt('debtors', asAt),
			...agedListsAsAt('creditors', asAt),
			...(daysLate ? [paidInvoicesRead('sales_invoices', asAt), paidInvoicesRead('purchase_invoices', asAt)] : []),
		],
	);
}

/**
 * The Key Figures of a month (and of the month it is compared with): the settings; the ledger
 * accounts once for the control accounts and, with balance details, once for each of a month's 4
 * windows (the month, every entry to its end, the 365 days and the 3 months to it: distinct for
 * months with different ends); the aged debtors as at each month's end.
 */
function keyFiguresCase(month: { from: string; to: string }, compared?: { label: string; value: string; end: string }) {
	const ends = [month.to, ...(compared ? [compared.end] : [])];
	return alone(
		`Key Figures, ${month.from} to ${month.to}${compared ? `, Compare With ${compared.label}` : ''}`,
		[
			report('keyFigures', {
				period: 'custom',
				fromDate: month.from,
				toDate: month.to,
				...(compared ? { compareWith: compared.value } : {}),
			}),
		],
		[
			SETTINGS,
			{ collection: 'ledger_accounts', times: 1 + 4 * ends.length },
			...ends.flatMap((end) => agedListsAsAt('debtors', end)),
		],
	);
}

/**
 * Aged Debtors, Output Documents, as at today and the past month end; the forecast from today and
 * from the day after the month end (by due date, and by the contact's days late); the Key Figures
 * of the month ending on it, alone and beside the month before and the same month last year.
 */
function creditCases({ asAt }: BookDays, today: string): ReportCase[] {
	const month = { from: `${asAt.slice(0, 7)}-01`, to: asAt };
	return [
		agedCase({ side: 'debtors', today: true, includePaymentsOnAccount: true, asDocuments: true }, asAt),
		agedCase({ side: 'debtors', today: false, includePaymentsOnAccount: true, asDocuments: true }, asAt),
		forecastCase({ day: today, today: true }, false),
		forecastCase({ day: dayAfter(asAt), today: false }, false),
		forecastCase({ day: dayAfter(asAt), today: false }, true),
		keyFiguresCase(month),
		keyFiguresCase(month, { label: 'Previous Period', value: 'previousPeriod', end: dayBefore(month.from) }),
		keyFiguresCase(month, { label: 'Same Period Last Year', value: 'samePeriodLastYear', end: yearBefore(asAt) }),
	];
}

/** Every read of the case with Max Requests per Minute set (the smoke run's budget out of the way). */
const withBudget = (entry: ReportCase, perMinute: number): ReportCase => ({
	...entry,
	withReport: {
		...entry.withReport,
		reads: entry.withReport.reads.map((read) => ({ ...read, requestOptions: { maxRequestsPerMinute: perMinute } })),
	},
});

/**
 * `worker` runs each report in a fresh process; without it (the smoke run) in this one, where the
 * reports of one business follow one another within a minute: `maxRequestsPerMinute` then keeps
 * their 240 requests from waiting for the budget's window. The polls run in this process against
 * a sandbox of their own.
 */
export async function measureCredit(
	sizes: { scale: number; latencyMs: number; maxRequestsPerMinute?: number },
	worker: Worker | undefined,
	log: (line: string) => void,
): Promise<Credit> {
	const today = dayInZone(Date.now(), N8N_DEFAULT_TIME_ZONE);
	const { maxRequestsPerMinute } = sizes;
	const casesOf = (days: BookDays) =>
		creditCases(days, today).map((entry) =>
			maxRequestsPerMinute === undefined ? entry : withBudget(entry, maxRequestsPerMinute),
		);
	const reports = await measureReportCases(sizes, casesOf, worker, log);
	const polls = await measureInvoicePolls(sizes, log);
	return { reports, polls, today };
}

/**
 * The least time the node's budget allows `requests` of one business: the k-th request starts no
 * sooner than 61 s after the (k − 200)-th, and the last answers one latency after it starts.
 */
const budgetFloorMs = (requests: number, latencyMs: number) =>
	Math.floor((requests - 1) / BUDGET.requests) * BUDGET.windowMs + latencyMs;

function reportTable(runs: ReportRun[], latencyMs: number): string {
	return [
		'| Report | Requests (sandbox log) | Expected | Records listed | Records per request | Time | Floor the budget sets | Peak RSS growth | Output items |',
		'|---|---|---|---|---|---|---|---|---|',
		...runs.map(
			(run) =>
				`| ${run.report}${run.variant ? `, ${run.variant}` : ''} | ${run.requests} | ${run.expectedRequests} | ` +
				`${thousands(run.recordsListed)} | ${(run.recordsListed / run.requests).toFixed(0)} | ${seconds(run.ms)} | ` +
				`${run.requests > BUDGET.requests ? seconds(budgetFloorMs(run.requests, latencyMs)) : '— (within one window)'} | ` +
				`${(run.growthBytes / MiB).toFixed(1)} MiB | ${thousands(run.items)} |`,
		),
	].join('\n');
}

function pollTable(runs: PollRun[]): string {
	const count = (run: PollRun, list: string) => run.lists.find((each) => each.list === list)?.measured ?? 0;
	return [
		'| Event | Poll | Requests (sandbox log) | Expected | The service’s clock | What changed since | Owing invoices’ pages | Change checks | Time | Events |',
		'|---|---|---|---|---|---|---|---|---|---|',
		...runs.map((run) => {
			const owingPages = run.lists
				.filter((list) => / (UNPAID|PART_PAID|DISPUTED)$/.test(list.list))
				.reduce((sum, list) => sum + list.measured, 0);
			return (
				`| ${run.event} | ${run.poll} | ${run.requests} | ${run.expectedRequests} | ${count(run, 'sales_invoices')} | ` +
				`${count(run, 'sales_invoices since')} | ${owingPages} | ${count(run, 'sales_invoices changes')} | ` +
				`${seconds(run.ms)} | ${run.events} |`
			);
		}),
	].join('\n');
}

/**
 * What the issue asks of a day's first Became Overdue poll: the owing invoices' pages, the poll's own
 * read, and the one check of what changed the three lists share,
 * which every read of several pages costs to be exact (issue 49).
 */
export function creditProblems(credit: Credit): string[] {
	const pages = credit.polls.owing.reduce((sum, { invoices }) => sum + Math.max(1, Math.ceil(invoices / 200)), 0);
	// The three lists are read together and checked together whatever their pages.
	const check = 2;
	return credit.polls.runs
		.filter((run) => run.event === 'Became Overdue' && run.judgesTheDay && !run.poll.startsWith('activation'))
		.filter((run) => run.requests > pages + 1 + check)
		.map(
			(run) =>
				`Became Overdue, ${run.poll}: ${run.requests} requests, more than the owing invoices' ${pages} pages ` +
				`and the read of what changed (issue 52: at most the open invoices' pages once a day)`,
		);
}

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only credit`). */
export function creditMarkdown(credit: Credit, standalone = false): string {
	const { reports, polls } = credit;
	const owing = polls.owing
		.map(({ status, invoices }) => `${thousands(invoices)} ${status} (${Math.max(1, Math.ceil(invoices / 200))} pages)`)
		.join(', ');
	const pages = polls.owing.reduce((sum, { invoices }) => sum + Math.max(1, Math.ceil(invoices / 200)), 0);
	const problems = creditProblems(credit);
	return (
		`## Credit control and the money ahead at the service's pace (${thousands(reports.scale)} sales invoices, ${reports.latencyMs} ms per answer)\n\n` +
		`Issues 52 and 53, the lead business through n8n-core with the node's defaults (3 lists or pages at once, ` +
		`200 requests a minute per business). Each report in a fresh process (\`bench/memory-worker.ts\`, as the ` +
		`Reports section runs them: a business whose request budget is empty, after the same reads of another ` +
		`business warmed the node up), its requests counted by list in the sandbox's log and checked against the ` +
		`count the sandbox's own lists imply (**Expected**, as in the Reports section: ⌈records ÷ 200⌉ a list, at ` +
		`least 1, 1 an object, the change checks after lists of several pages); the bench fails on any difference, ` +
		`on a request not answered 200 and on a request for one record. **Floor the budget sets**: a run of R ` +
		`requests takes at least ⌊(R − 1) ÷ 200⌋ × 61 s + one answer (the 201st request starts 61 s after the first), ` +
		`so a run above 200 requests waits for the window (—: 200 or fewer, nothing waits). Times from one run.${standalone ? measuredAlone('credit') : ''} ` +
		`Load average (1, 5, 15 min) as the runs began: ${loadText(reports.load.start)}; as they ended: ` +
		`${loadText(reports.load.end)} (2 cores, shared with other work).\n\n` +
		`- **Aged Debtors, Output Documents** (one row per open item) as at today (${credit.today}, after the ` +
		`sandbox's history) and as at the past month end ${reports.asAt}, with payments on account: the lists of ` +
		`the aged report with Output Rows (the Reports section) but the control account's ledger accounts.\n` +
		`- **Cash Flow Forecast**, 13 weeks by week: from today (Start Date empty: the open items as at the end of ` +
		`yesterday, a past day, so every document dated up to it is read with its payments and allocations, as the aged ` +
		`reports read a past month end), and from the day after the month end, by due date and moved by the contact's ` +
		`average days late (the paid invoices of the 12 months to the day before, both sides). Opening cash: the bank ` +
		`accounts' balances, one list.\n` +
		`- **Key Figures** of the month ${reports.asAt.slice(0, 7)} (Output Summary), alone and with Compare With ` +
		`Previous Period and Same Period Last Year: the ledger accounts once for the control accounts and once for each ` +
		`of a month's 4 windows (the month, every entry to its end, the 365 days and the 3 months to it), and the aged ` +
		`debtors as at each month's end (two aged reads when compared).\n\n` +
		`${reportTable(reports.runs, reports.latencyMs)}\n\n` +
		`### Invoice Became Overdue and Paid: requests per poll\n\n` +
		`The trigger on the sales invoices, default Output, the workflow's time zone UTC, polled as n8n polls it ` +
		`(\`test/harness\`'s Poller: n8n-core's poll path, static data kept between polls), in the bench's process against ` +
		`a sandbox of its own (${thousands(polls.scale)} sales invoices, ${polls.latencyMs} ms per answer). The sandbox's ` +
		`clock is moved a minute between polls and to 30 s past its next midnight for the next day's first poll. The ` +
		`sandbox's owing sales invoices: ${owing}, ${pages} pages. **Expected**, per poll: 1 request for what changed ` +
		`since the last poll (nothing changes meanwhile: one page); on activation also 1 for the service's clock; on the ` +
		`first poll of a day also each owing status's pages, the three lists read side by side, and when any has ` +
		`several pages one change check after them all (2 requests: a status filter is a filter, so both feeds). Checked against the sandbox's log as the reports' are. ` +
		`Events are 0 throughout: every owing invoice in the sandbox was overdue long before the trigger started.\n\n` +
		`${pollTable(polls.runs)}\n\n` +
		(problems.length
			? `**Above what issue 52 asks** (at most the open invoices' pages once a day per business): ${problems
					.map((problem) => problem.replace(/ \(issue 52.*\)$/, ''))
					.join('; ')}.\n\n`
			: `The day's first poll stays within the owing invoices' ${pages} pages, the read of what changed since the last poll and the one check the three lists share (issue 52; the check is what makes any read of several pages exact, issue 49).\n\n`) +
		`### Requests by list\n\n${listsMarkdown(reports.runs)}\n`
	);
}
