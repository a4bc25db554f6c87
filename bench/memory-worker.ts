/**
 * One memory measurement in a fresh process (n8n-core's binary data mode cannot be switched back
 * once initialised, and a process's peak memory only ever rises). Prints one JSON line.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { peakRssGrowth, timed } from './measure';
import { measureReads } from './reports';
import type { SandboxProcess } from './sandbox-process';

type Scenario =
	| { kind: 'list'; sandbox: SandboxProcess; limit: number }
	/** Any read of the node (bench/output-shapes.ts: Get Many with Return All in one Output). */
	| { kind: 'read'; sandbox: SandboxProcess; parameters: Record<string, unknown> }
	/** bench/reports.ts: a report, or the reads of a workflow without it, after a warm-up on another business. */
	| {
			kind: 'reads';
			sandbox: SandboxProcess;
			reads: INodeParameters[];
			warmUp: INodeParameters[];
	  }
	| {
			kind: 'download';
			sandbox: SandboxProcess;
			mode: 'memory' | 'filesystem';
			attachmentId: string;
			warmUpId: string;
	  };

async function main() {
	const scenario = JSON.parse(process.argv[2]) as Scenario;
	if (scenario.kind === 'reads') {
		console.log(JSON.stringify(await measureReads(scenario.sandbox, scenario.reads, scenario.warmUp)));
		return;
	}
	const { store, credential } = await connectToSandbox(scenario.sandbox);
	const run = async (parameters: Record<string, unknown>) => {
		const result = await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters as never)] });
		if (result.error) throw result.error;
		return result;
	};

	if (scenario.kind === 'list') {
		// One page at a time with the budget out of the way, as the other overhead measurements: at
		// 100,000 records a read is 500 requests, which the default 200 a minute would hold for minutes.
		const requestOptions = { concurrentRequests: 1, maxRequestsPerMinute: 60_000 };
		// The records as the service lists them, as the other overhead measurements read them.
		const list = { resource: 'salesInvoice', operation: 'getAll', output: 'raw', requestOptions };
		await run({ ...list, limit: 200 });
		const { growthBytes, result } = await peakRssGrowth(
			async () => await timed(async () => await run({ ...list, limit: scenario.limit })),
		);
		const items = result.result.items('Accounting Service').length;
		console.log(JSON.stringify({ items, ms: result.ms, growthBytes }));
		return;
	}

	if (scenario.kind === 'read') {
		// Warm-up: the same read, first page only, so the node's code paths are loaded before.
		await run({ ...scenario.parameters, returnAll: false, limit: 200 });
		const heapBefore = heapAfterGc();
		const { growthBytes, result } = await peakRssGrowth(
			async () => await timed(async () => await run(scenario.parameters)),
		);
		// What the finished execution holds (its output items with it), the garbage of the read collected.
		const heapHeldBytes = heapBefore === undefined ? undefined : Math.max(0, (heapAfterGc() ?? 0) - heapBefore);
		const items = result.result.items('Accounting Service').length;
		console.log(JSON.stringify({ items, ms: result.ms, growthBytes, heapHeldBytes }));
		return;
	}

	if (scenario.mode === 'filesystem') await Container.get(BinaryDataService).init();
	const download = async (id: string) =>
		await run({ resource: 'attachment', operation: 'downloadFile', id: { __rl: true, mode: 'id', value: id } });
	await download(scenario.warmUpId);
	const { growthBytes, result } = await peakRssGrowth(
		async () => await timed(async () => await download(scenario.attachmentId)),
	);
	const binary = result.result.items('Accounting Service')[0].binary?.data;
	console.log(
		JSON.stringify({
			bytes: binary?.bytes ?? Number(binary?.fileSize ?? 0),
			storedAs: binary?.id ? 'filesystem' : 'inline',
			ms: result.ms,
			growthBytes,
		}),
	);
}

/** The heap in use after a full collection; undefined unless the process runs with --expose-gc. */
function heapAfterGc(): number | undefined {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) return undefined;
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

main()
	.then(() => process.exit(0))
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
