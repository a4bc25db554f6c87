import { existsSync, readFileSync, statSync } from 'node:fs';

import { sleep } from '../wait';
import { emissionsOnce, type Emission } from './evidence';
import type { ExecutionSummary, N8nExecutions } from './n8n-executions';

/** What each execution of the trigger's workflow received from the trigger. */
export async function triggerEmissions(
	executions: N8nExecutions,
	list: ExecutionSummary[],
	triggerNode: string,
): Promise<Emission[]> {
	const emissions: Emission[] = [];
	for (const execution of list) {
		const runs = (await executions.runData(execution.id)).resultData.runData[triggerNode] ?? [];
		for (const item of runs[0]?.data?.main?.[0] ?? []) {
			emissions.push({
				execution: execution.id,
				id: String(item.json.sales_invoice_id),
				updatedAt: String(item.json.updated_at),
			});
		}
	}
	return emissions;
}

/**
 * What the trigger's successful executions put out, once they have put out the last change of
 * every record in `lastChange` (the trigger polls once a minute), or once `timeoutMs` has passed.
 */
export async function emissionsOnceCaughtUp(
	executions: N8nExecutions,
	workflowId: string,
	triggerNode: string,
	lastChange: Map<string, string>,
	timeoutMs = 100_000,
): Promise<Emission[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const succeeded = (await executions.of(workflowId)).filter((execution) => execution.status === 'success');
		const emissions = await triggerEmissions(executions, succeeded, triggerNode);
		if (emissionsOnce(emissions, lastChange).missing.length === 0 || Date.now() > deadline) return emissions;
		await sleep(5_000);
	}
}

const UNFINISHED = new Set(['new', 'running', 'waiting']);

/** The executions of these workflows once none is still under way (or after `timeoutMs`). */
export async function settledExecutions(
	executions: N8nExecutions,
	workflowIds: string[],
	timeoutMs = 120_000,
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const all: ExecutionSummary[] = [];
		for (const id of workflowIds) all.push(...(await executions.of(id)));
		if (!all.some((execution) => UNFINISHED.has(execution.status)) || Date.now() > deadline) return all;
		await sleep(3_000);
	}
}

/** Executions a queue-mode worker logged (at level info) as started and as finished. */
export function workerLog(logFile: string): { started: string[]; finished: string[] } {
	const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
	const ids = (verb: string) => [...text.matchAll(new RegExp(`Worker ${verb} execution (\\d+)`, 'g'))].map((m) => m[1]);
	return { started: ids('started'), finished: ids('finished') };
}

/** Executions main gave up on because the worker running them stopped answering (queue mode). */
export function stalledIn(mainLog: string): string[] {
	const text = existsSync(mainLog) ? readFileSync(mainLog, 'utf8') : '';
	return [
		...new Set([...text.matchAll(/job stalled more than maxStalledCount \(execution (\d+)\)/g)].map((m) => m[1])),
	];
}

/** Executions a worker started and has not finished: what it holds right now. */
export function heldBy(logFile: string): string[] {
	const { started, finished } = workerLog(logFile);
	const done = new Set(finished);
	return started.filter((id) => !done.has(id));
}

/** Lines of an n8n log, from byte `from` on, that say signing or a renewal went wrong. */
export function troubleIn(logFile: string, from = 0): string[] {
	const text = existsSync(logFile) ? readFileSync(logFile).subarray(from).toString('utf8') : '';
	return text
		.split('\n')
		.filter((line) => /Unable to sign|needs to be reconnected|invalid_grant|not connected to the service/i.test(line));
}

/** How far a log has been written: where a later troubleIn starts. */
export function logSize(logFile: string): number {
	return existsSync(logFile) ? statSync(logFile).size : 0;
}

/** Executions by status, e.g. { success: 60, crashed: 1 }. */
export function byStatus(list: ExecutionSummary[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const execution of list) counts[execution.status] = (counts[execution.status] ?? 0) + 1;
	return counts;
}
