import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { openOn, readReceivables, type Receivable } from '../books/aged-debtors';
import { readLedger, type Ledger } from '../books/ledger-balances';
import { profitAndLossLines } from '../books/profit-and-loss';
import type { ReceivedMail } from '../mail/smtp-sink';
import type { ServiceReader } from '../service-reader';
import { readSheet } from '../xlsx';
import { exampleSettings } from './example-settings';
import { checkProfitAndLoss, RANGE as TREND_RANGE } from './twelve-month-trend';
import { cents, expect, runOf, type CheckContext, type ExampleCheck } from './types';

const KEY_FIGURES_AGAINST_MONTH_BEFORE = 'Key figures against the month before';
const KEY_FIGURES_AGAINST_LAST_YEAR = 'Key figures against last year';
const FORECAST_NODE = 'Cash flow forecast, 13 weeks';
const TREND_NODE = 'Profit and Loss, last 12 months';

/**
 * The example reports last month, forecasts from today and trends the last twelve months; the
 * sandbox's history ends 2025-06-30, so the e2e runs it as on 1 July 2025: June 2025 through the
 * Key Figures nodes' Custom dates, the forecast from 2025-07-01, the trend July 2024 – June 2025.
 */
interface Month {
	name: string;
	from: string;
	to: string;
}
const MONTH: Month = { name: 'June 2025', from: '2025-06-01', to: '2025-06-30' };
const MONTH_BEFORE: Month = { name: 'May 2025', from: '2025-05-01', to: '2025-05-31' };
const SAME_MONTH_LAST_YEAR: Month = { name: 'June 2024', from: '2024-06-01', to: '2024-06-30' };
const FORECAST_START = '2025-07-01';
const FORECAST_WEEKS = 13;
const YEAR_BEFORE = { from: '2023-07-01', to: '2024-06-30' };

/** Where the pack goes in this run: its only mail. */
const RECIPIENT = 'management@e2e.example';

const dateTime = (day: string) => `${day}T00:00:00`;
const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const addDays = (day: string, days: number) => new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

const money = (amount: number) => (amount / 100).toFixed(2);
const signedMoney = (amount: number) => (amount > 0 ? '+' : '') + money(amount);

/** A figure of a key figure line in the mail: its value and change against the two months. */
interface FigureLine {
	label: string;
	value: string;
	monthBefore: { name: string; value: string; change: string };
	lastYear: { name: string; value: string; change: string };
}

/** "Revenue: 123.45 | May 2025: 100.00 (+23.45) | June 2024: 90.00 (+33.45)", as the example's "Key figure line" writes it. */
const FIGURE_LINE = /^(.+?): (\S+) \| (\w+ \d{4}): (\S+) \((\S+)\) \| (\w+ \d{4}): (\S+) \((\S+)\)$/gm;

function figureLines(text: string): FigureLine[] {
	return [...text.matchAll(FIGURE_LINE)].map((match) => ({
		label: match[1],
		value: match[2],
		monthBefore: { name: match[3], value: match[4], change: match[5] },
		lastYear: { name: match[6], value: match[7], change: match[8] },
	}));
}

/** The one line of the mail that begins with `label: `, what follows it. */
function lineAfter(text: string, label: string): string {
	const lines = text.split('\n').filter((line) => line.startsWith(`${label}: `));
	expect(lines.length === 1, `the mail has ${lines.length} lines "${label}: …"; one expected`);
	return lines[0].slice(label.length + 2);
}

/** What the ledger says of one month, each figure as the mail writes it (money in cents). */
interface MonthFigures {
	revenue: number;
	grossProfit: number;
	netProfit: number;
	cash: number;
	debtors: number;
	creditors: number;
	/** Debtors ÷ the debits to the debtors control account over the 365 days to the month's end × 365. */
	debtorDays: string;
	creditorDays: string;
}

/** part ÷ whole × 365 to one decimal, half away from zero, as the mail writes days; n/a without a whole. */
function daysOf(part: number, whole: number): string {
	if (whole === 0) return 'n/a';
	const tenths = (part * 365 * 10) / whole;
	return ((Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10).toFixed(1);
}

async function monthFigures(reader: ServiceReader, ledger: Ledger, month: Month): Promise<MonthFigures> {
	const lines = await profitAndLossLines(reader, month.from, month.to);
	const total = (section: string) =>
		lines.find((line) => line.rowType !== 'account' && line.section === section)!.amount;
	const debtors = ledger.net(ledger.debtorsControl, month.to);
	const creditors = -ledger.net(ledger.creditorsControl, month.to);
	const yearFrom = addDays(month.to, -364);
	return {
		revenue: total('sales'),
		grossProfit: total('gross_profit'),
		netProfit: total('net_profit'),
		cash: ledger.net(ledger.bankAccounts, month.to),
		debtors,
		creditors,
		debtorDays: daysOf(debtors, ledger.side(ledger.debtorsControl, 'debit', yearFrom, month.to)),
		creditorDays: daysOf(creditors, ledger.side(ledger.creditorsControl, 'credit', yearFrom, month.to)),
	};
}

/** The key figures the check works out, each against the mail's line and the sheet's row. */
const CHECKED_FIGURES: Array<{ label: string; of: (figures: MonthFigures) => number | string }> = [
	{ label: 'Revenue', of: (figures) => figures.revenue },
	{ label: 'Gross profit', of: (figures) => figures.grossProfit },
	{ label: 'Net profit', of: (figures) => figures.netProfit },
	{ label: 'Cash', of: (figures) => figures.cash },
	{ label: 'Debtors', of: (figures) => figures.debtors },
	{ label: 'Creditors', of: (figures) => figures.creditors },
	{ label: 'Debtor days', of: (figures) => figures.debtorDays },
	{ label: 'Creditor days', of: (figures) => figures.creditorDays },
];

const asShown = (value: number | string) => (typeof value === 'number' ? money(value) : value);
const changeShown = (now: number | string, before: number | string) =>
	typeof now === 'number' && typeof before === 'number' ? signedMoney(now - before) : undefined;

/** The key figure lines of the mail and the key figures sheet against the ledger, month by month. */
function checkKeyFigures(
	lines: FigureLine[],
	rows: Array<Record<string, unknown>>,
	months: { now: MonthFigures; before: MonthFigures; lastYear: MonthFigures },
	file: string,
): string {
	expect(
		lines.length === rows.length && lines.length > CHECKED_FIGURES.length,
		`the mail has ${lines.length} key figure lines, ${file} ${rows.length} rows; one per figure expected in both`,
	);
	lines.forEach((line, index) => {
		const row = rows[index];
		expect(
			row.figure === line.label && line.monthBefore.name === MONTH_BEFORE.name,
			`key figure ${index + 1}: the mail's "${line.label}" against ${line.monthBefore.name}, ${file}'s "${String(row.figure)}"; ${MONTH_BEFORE.name} expected`,
		);
		expect(
			line.lastYear.name === SAME_MONTH_LAST_YEAR.name,
			`"${line.label}" is set beside ${line.lastYear.name}, not ${SAME_MONTH_LAST_YEAR.name}`,
		);
	});
	for (const { label, of } of CHECKED_FIGURES) {
		const line = lines.find((candidate) => candidate.label === label);
		const row = rows.find((candidate) => candidate.figure === label);
		expect(line !== undefined && row !== undefined, `the mail or ${file} has no "${label}"`);
		const [now, before, lastYear] = [of(months.now), of(months.before), of(months.lastYear)];
		const shown = [line.value, line.monthBefore.value, line.lastYear.value];
		const want = [now, before, lastYear].map(asShown);
		expect(
			JSON.stringify(shown) === JSON.stringify(want),
			`"${label}" in the mail: ${shown.join(' | ')}; the ledger makes ${want.join(' | ')} (${MONTH.name} | ${MONTH_BEFORE.name} | ${SAME_MONTH_LAST_YEAR.name})`,
		);
		const changes = [changeShown(now, before), changeShown(now, lastYear)];
		if (changes[0] !== undefined)
			expect(
				line.monthBefore.change === changes[0] && line.lastYear.change === changes[1],
				`"${label}" changed by ${line.monthBefore.change} and ${line.lastYear.change} in the mail; the ledger makes ${changes.join(' and ')}`,
			);
		const cells = [row.last_month, row.month_before, row.same_month_last_year];
		const sheetWant = [now, before, lastYear];
		expect(
			cells.every((cell, at) =>
				typeof sheetWant[at] === 'number' ? cents(cell) === sheetWant[at] : Number(cell).toFixed(1) === sheetWant[at],
			),
			`${file}, "${label}": ${cells.join(' | ')}; the ledger makes ${sheetWant.map(asShown).join(' | ')}`,
		);
	}
	const revenue = CHECKED_FIGURES[0].of;
	return `${lines.length} key figures in the mail and ${file}, ${CHECKED_FIGURES.length} of them (revenue ${money(revenue(months.now) as number)} against ${money(revenue(months.before) as number)} and ${money(revenue(months.lastYear) as number)}, cash, debtors, creditors, debtor and creditor days) equal to the ledger for ${MONTH.name}, ${MONTH_BEFORE.name} and ${SAME_MONTH_LAST_YEAR.name}`;
}

/** The forecast worked out here: the bank at the end of the day before, each open item in the week of its due date. */
interface Week {
	name: string;
	opening: number;
	receipts: number;
	payments: number;
	closing: number;
}

function forecastWeeks(opening: number, receivables: Receivable[], payables: Receivable[]): Week[] {
	const asAt = addDays(FORECAST_START, -1);
	const weeks: Week[] = Array.from({ length: FORECAST_WEEKS }, (_, index) => ({
		name: addDays(FORECAST_START, index * 7),
		opening: 0,
		receipts: 0,
		payments: 0,
		closing: 0,
	}));
	const place = (items: Receivable[], into: 'receipts' | 'payments') => {
		for (const item of items) {
			if (item.date > asAt) continue;
			const open = openOn(item, asAt);
			// Already overdue: the first week.
			const week = Math.max(0, Math.floor((dayNumber(item.agedFrom) - dayNumber(FORECAST_START)) / 7));
			if (open !== 0 && week < FORECAST_WEEKS) weeks[week][into] += open;
		}
	};
	place(receivables, 'receipts');
	place(payables, 'payments');
	let balance = opening;
	for (const week of weeks) {
		week.opening = balance;
		balance += week.receipts - week.payments;
		week.closing = balance;
	}
	return weeks;
}

/** The forecast's lines in the mail and every cell of its sheet against the weeks worked out here. */
function checkForecast(text: string, rows: Array<Record<string, unknown>>, weeks: Week[], file: string): string {
	const sum = (key: 'receipts' | 'payments') => weeks.reduce((total, week) => total + week[key], 0);
	const closing = weeks[weeks.length - 1].closing;
	const lowest = weeks.reduce((low, week) => (week.closing < low.closing ? week : low));
	const belowZero = weeks.find((week) => week.closing < 0)?.name ?? 'none';
	const expected: Array<[string, string]> = [
		['Cash at the start', money(weeks[0].opening)],
		['Receipts expected', money(sum('receipts'))],
		['Payments expected', money(sum('payments'))],
		['Cash after 13 weeks', money(closing)],
		['Lowest balance', `${money(lowest.closing)}, week of ${lowest.name}`],
		['First week below zero', belowZero],
	];
	for (const [label, want] of expected) {
		const shown = lineAfter(text, label);
		expect(shown === want, `the mail's "${label}" is ${shown}; the open items and the bank ledger make ${want}`);
	}
	expect(
		text.includes(`Cash flow forecast, 13 weeks from ${FORECAST_START} `),
		`the mail does not say the forecast starts ${FORECAST_START}`,
	);
	const labels = ['Opening', 'Receipts', 'Payments', 'Adjustments', 'Net', 'Closing'];
	expect(
		JSON.stringify(rows.map((row) => row.label)) === JSON.stringify(labels),
		`${file} has rows ${rows.map((row) => String(row.label)).join(', ')}; ${labels.join(', ')} expected`,
	);
	const columns = Object.keys(rows[0]).filter((key) => /^\d{4}-\d{2}-\d{2}$/.test(key));
	expect(
		JSON.stringify(columns) === JSON.stringify(weeks.map((week) => week.name)),
		`${file} has the weeks ${columns.join(', ')}; ${weeks.map((week) => week.name).join(', ')} expected`,
	);
	const want: Record<string, (week: Week) => number> = {
		Opening: (week) => week.opening,
		Receipts: (week) => week.receipts,
		Payments: (week) => week.payments,
		Adjustments: () => 0,
		Net: (week) => week.receipts - week.payments,
		Closing: (week) => week.closing,
	};
	for (const row of rows) {
		for (const week of weeks) {
			const cell = row[week.name];
			const amount = want[String(row.label)](week);
			expect(
				typeof cell === 'number' && cents(cell) === amount,
				`${file}, ${String(row.label)} of the week of ${week.name}: ${String(cell)}; the open items and the bank ledger make ${money(amount)}`,
			);
		}
	}
	return `forecast from ${FORECAST_START}: ${money(weeks[0].opening)} in the bank, receipts ${money(sum('receipts'))}, payments ${money(sum('payments'))}, ${money(closing)} after 13 weeks, lowest ${money(lowest.closing)} (week of ${lowest.name}) — the mail's lines and ${rows.length} × ${weeks.length} cells of ${file} equal to the open items aged here and the bank ledger`;
}

/** The twelve months' sales, gross and net profit in the mail against the ledger entries of both years. */
async function checkTrendLines(text: string, reader: ServiceReader): Promise<string> {
	const [now, before] = await Promise.all([
		profitAndLossLines(reader, TREND_RANGE.from, TREND_RANGE.to),
		profitAndLossLines(reader, YEAR_BEFORE.from, YEAR_BEFORE.to),
	]);
	const total = (lines: typeof now, section: string) =>
		lines.find((line) => line.rowType !== 'account' && line.section === section)!.amount;
	for (const [label, section] of [
		['Sales', 'sales'],
		['Gross profit', 'gross_profit'],
		['Net profit', 'net_profit'],
	] as const) {
		const lines = text.split('\n').filter((line) => line.startsWith(`${label}: `) && line.includes('(year before'));
		const want = `${label}: ${money(total(now, section))} (year before ${money(total(before, section))})`;
		expect(
			lines.length === 1 && lines[0] === want,
			`the mail's twelve-month line is "${lines.join(' / ')}"; the ledger entries make "${want}"`,
		);
	}
	return `twelve months' sales, gross and net profit against the year before equal to the ledger entries`;
}

const PACK_FILE = /^management-pack-\d{4}-\d{2}-(key-figures|cash-flow-forecast|twelve-month-trend)\.xlsx$/;

function packFiles(folder: string): Record<string, string> {
	const names = readdirSync(folder).filter((name) => PACK_FILE.test(name));
	const byPart = Object.fromEntries(names.map((name) => [PACK_FILE.exec(name)![1], name]));
	expect(
		names.length === 3 && Object.keys(byPart).length === 3,
		`${folder} holds ${names.join(', ') || 'no pack file'}; the key figures, forecast and trend files expected`,
	);
	return byPart;
}

/** The run's one mail: to the Settings' recipient, from its sender, the three files attached as written. */
function theMail(mails: ReceivedMail[], folder: string, files: Record<string, string>, sender: string): ReceivedMail {
	expect(
		mails.length === 1,
		`the run sent ${mails.length} mails (${mails.map((message) => `${message.envelopeTo.join(',')} "${message.subject}"`).join('; ')}); exactly one expected`,
	);
	const [mail] = mails;
	expect(
		JSON.stringify(mail.envelopeTo) === JSON.stringify([RECIPIENT]) && mail.from === sender,
		`the pack went from ${mail.from} to ${mail.envelopeTo.join(', ')}; expected from ${sender} to ${RECIPIENT}`,
	);
	expect(
		mail.subject.startsWith(`Management pack for ${MONTH.name} – `),
		`the pack's subject is "${mail.subject}"; it should name ${MONTH.name}`,
	);
	const names = Object.values(files).sort();
	expect(
		JSON.stringify(mail.attachments.map((attachment) => attachment.filename).sort()) === JSON.stringify(names),
		`the pack attaches ${mail.attachments.map((attachment) => attachment.filename).join(', ') || 'nothing'}; ${names.join(', ')} expected`,
	);
	for (const attachment of mail.attachments)
		expect(
			attachment.content.equals(readFileSync(join(folder, attachment.filename))),
			`${attachment.filename} in the mail is not the file written to ${folder}`,
		);
	return mail;
}

/**
 * The pack run as on 1 July 2025: exactly one mail, to the Settings' address, with the three
 * spreadsheets attached as written to disk; its key figures (revenue, gross and net profit, cash,
 * debtors, creditors, debtor and creditor days, each for June 2025, May 2025 and June 2024) against
 * the ledger entries summed here; its forecast lines and every cell of the forecast sheet against
 * the bank ledger and the open sales and purchase items aged here; the twelve months' lines against
 * the ledger entries, and every cell of the trend sheet as the twelve-month example's check reads it.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, mail, folder, n8nDir } = context;
	const run = runOf(context);
	expect(
		!run.data.resultData.error,
		`the workflow failed: ${run.data.resultData.error?.message ?? ''} ${mail.refusals().join('; ')}`,
	);
	const sender = (
		/<([^>]+)>/.exec(String(exampleSettings('monthly-management-pack.json', 'Settings').from_email))?.[1] ?? ''
	).toLowerCase();
	const files = packFiles(folder);
	const pack = theMail(mail.messages(), folder, files, sender);
	// The mail as received, beside the files, for a person to read after a failed (or kept) run.
	writeFileSync(join(folder, 'received-mail.txt'), `${pack.subject}\n\n${pack.text}`);
	writeFileSync(join(folder, 'received-mail.html'), pack.html);

	const ledger = await readLedger(reader, MONTH.to);
	const [now, before, lastYear] = await Promise.all(
		[MONTH, MONTH_BEFORE, SAME_MONTH_LAST_YEAR].map(async (month) => await monthFigures(reader, ledger, month)),
	);
	const keyFiguresFile = join(folder, files['key-figures']);
	const keyFigures = checkKeyFigures(
		figureLines(pack.text),
		readSheet(n8nDir, keyFiguresFile, 'Key figures', { defval: null }),
		{ now, before, lastYear },
		files['key-figures'],
	);

	const [receivables, payables] = await Promise.all([
		readReceivables(reader),
		readReceivables(reader, undefined, 'purchase'),
	]);
	const weeks = forecastWeeks(ledger.net(ledger.bankAccounts, addDays(FORECAST_START, -1)), receivables, payables);
	const forecast = checkForecast(
		pack.text,
		readSheet(n8nDir, join(folder, files['cash-flow-forecast']), 'Cash flow forecast'),
		weeks,
		files['cash-flow-forecast'],
	);

	const trendFile = join(folder, files['twelve-month-trend']);
	const trend = await checkProfitAndLoss(
		readSheet(n8nDir, trendFile, 'Twelve-month trend', { defval: null }),
		reader,
		files['twelve-month-trend'],
	);
	const trendLines = await checkTrendLines(pack.text, reader);
	return `one mail to ${RECIPIENT} with the 3 files attached as written; ${keyFigures}; ${forecast}; ${trendLines}; ${trend}`;
}

export const monthlyManagementPackCheck: ExampleCheck = {
	workflowId: 'acctManagementPack',
	runs: 'execute',
	settings: { to_email: RECIPIENT },
	nodeParameters: {
		[KEY_FIGURES_AGAINST_MONTH_BEFORE]: {
			period: 'custom',
			fromDate: dateTime(MONTH.from),
			toDate: dateTime(MONTH.to),
		},
		[KEY_FIGURES_AGAINST_LAST_YEAR]: { period: 'custom', fromDate: dateTime(MONTH.from), toDate: dateTime(MONTH.to) },
		[FORECAST_NODE]: { startDate: dateTime(FORECAST_START) },
		[TREND_NODE]: { period: 'custom', fromDate: dateTime(TREND_RANGE.from), toDate: dateTime(TREND_RANGE.to) },
	},
	check,
};
