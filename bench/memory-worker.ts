/**
 * One memory measurement in a fresh process (n8n-core's binary data mode cannot be switched back
 * once initialised, and a process's peak memory only ever rises). Prints one JSON line.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { connectToSandbox } from './connect';
import { peakRssGrowth, timed } from './measure';
import type { SandboxProcess } from './sandbox-process';

type Scenario =
	| { kind: 'list'; sandbox: SandboxProcess; limit: number }
	| {
			kind: 'download';
			sandbox: SandboxProcess;
			mode: 'memory' | 'filesystem';
			attachmentId: string;
			warmUpId: string;
	  };

async function main() {
	const scenario = JSON.parse(process.argv[2]) as Scenario;
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
		await run({ resource: 'salesInvoice', operation: 'getAll', limit: 200, requestOptions });
		const { growthBytes, result } = await peakRssGrowth(
			async () =>
				await timed(
					async () =>
						await run({ resource: 'salesInvoice', operation: 'getAll', limit: scenario.limit, requestOptions }),
				),
		);
		const items = result.result.items('Accounting Service').length;
		console.log(JSON.stringify({ items, ms: result.ms, growthBytes }));
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

main()
	.then(() => process.exit(0))
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
