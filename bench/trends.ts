/**
 * A twelve-month trend at the service's pace: the Profit and Loss of a financial year split by
 * month in one run, against the twelve runs of one month each that a workflow without Split By
 * makes (a loop over the months), each sandbox answer taking `latencyMs`. Requests from the
 * sandbox's log; wall time of one run each, in this process, after a warm-up on another business.
 * Both must give the same twelve net profits. No goal: the counts are checked, the times are one run's.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { connectToSandbox } from './connect';
import { measuredAlone } from './measure';
import { measureReads } from './reports';
import { apiRequestLog, startSandboxProcess, type SandboxProcess } from './sandbox-process';

export interface TrendRun {
	how: string;
	runs: number;
	requests: number;
	ledgerReads: number;
	ms: number;
	items: number;
}

export interface Trends {
	latencyMs: number;
	from: string;
	to: string;
	split: TrendRun;
	monthly: TrendRun;
	/** With Compare With Same Period Last Year: 24 ledger reads at most. */
	compared: TrendRun;
}

const REPORT = { resource: 'report', operation: 'profitAndLoss', period: 'custom', output: 'summary' };

const months = (from: string) =>
	Array.from({ length: 12 }, (_, index) => {
		const first = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + index, 1));
		const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
		return { fromDate: first.toISOString().slice(0, 10), toDate: last.toISOString().slice(0, 10) };
	});

async function measure(
	sandbox: SandboxProcess,
	how: string,
	reads: INodeParameters[],
	otherBusiness: string,
): Promise<TrendRun> {
	const warmUp = reads.map((parameters) => ({
		...parameters,
		business: { __rl: true, mode: 'id', value: otherBusiness },
	}));
	const measured = await measureReads(sandbox, reads, warmUp);
	const paths = (await apiRequestLog(sandbox)).map((entry) => new URL(entry.path, 'http://sandbox').pathname);
	return {
		how,
		runs: reads.length,
		requests: paths.length,
		ledgerReads: paths.filter((path) => path.endsWith('/ledger_accounts')).length,
		ms: measured.ms,
		items: measured.items,
	};
}

export async function measureTrends(
	sizes: { scale: number; latencyMs: number },
	log: (line: string) => void,
): Promise<Trends> {
	const sandbox = await startSandboxProcess({ scale: sizes.scale, latencyMs: sizes.latencyMs });
	try {
		const connected = await connectToSandbox(sandbox);
		const headers = {
			authorization: `Bearer ${String((connected.store.oauthTokenData(connected.credential.id) as IDataObject).access_token)}`,
		};
		const read = async (path: string) =>
			(await (await fetch(`${sandbox.urls.baseUrl}${path}`, { headers })).json()) as IDataObject;
		const to = String((await read('/financial_settings')).year_end_date);
		const from = months(`${Number(to.slice(0, 4)) - 1}-${to.slice(5, 7)}-01`)[1].fromDate;
		const businesses = (await read('/businesses')).$items as Array<{ id: string }>;
		const otherBusiness = businesses.find((business) => business.id !== sandbox.leadBusinessId)!.id;

		const split = await measure(
			sandbox,
			'one run, Split By: Month',
			[{ ...REPORT, fromDate: from, toDate: to, splitBy: 'month' }],
			otherBusiness,
		);
		const monthly = await measure(
			sandbox,
			'twelve runs, one month each',
			months(from).map((month) => ({ ...REPORT, ...month })),
			otherBusiness,
		);
		const compared = await measure(
			sandbox,
			'one run, Split By: Month, Compare With: Same Period Last Year',
			[{ ...REPORT, fromDate: from, toDate: to, splitBy: 'month', compareWith: 'samePeriodLastYear' }],
			otherBusiness,
		);
		for (const run of [split, monthly, compared]) {
			log(
				`  ${run.how}: ${run.requests} requests (${run.ledgerReads} ledger reads), ${(run.ms / 1000).toFixed(1)} s, ${run.items} items`,
			);
		}
		if (split.items !== 12 || monthly.items !== 12)
			throw new Error('the twelve-month trend did not give twelve summaries');
		if (compared.ledgerReads > 24)
			throw new Error(`${compared.ledgerReads} ledger reads for 12 months against last year`);
		return { latencyMs: sizes.latencyMs, from, to, split, monthly, compared };
	} finally {
		await sandbox.stop();
	}
}

export function trendsMarkdown(trends: Trends, alone: boolean): string {
	const { split, monthly, compared } = trends;
	const row = (run: TrendRun) =>
		`| ${run.how} | ${run.runs} | ${run.requests} | ${run.ledgerReads} | ${(run.ms / 1000).toFixed(1)} s | ${(run.requests / split.requests).toFixed(1)}× | ${(run.ms / split.ms).toFixed(1)}× |`;
	return [
		`## Twelve-month trend at the service's pace (${trends.latencyMs} ms per answer)`,
		'',
		`The Profit and Loss of ${trends.from} to ${trends.to}, month by month, Output Summary, through n8n-core's \`WorkflowExecute\` with the node's defaults: one run with *Split By: Month* against the twelve runs of one month each that a workflow without it makes (a loop, one run after another), and one run compared with the same months last year. Requests from the sandbox's log; one run each, in one process, after the same reads of another business warmed the node up. The bench fails unless both give twelve summaries and the compared run stays within 24 ledger reads.${alone ? measuredAlone('trends') : ''}`,
		'',
		'| Reads | Node runs | Requests | Ledger reads | Time | × the split run’s requests | × its time |',
		'|---|---|---|---|---|---|---|',
		row(split),
		row(monthly),
		row(compared),
		'',
		`The split run reads the settings once and its twelve months four at a time; the twelve runs read the settings twelve times and one month after another.`,
		'',
	].join('\n');
}
