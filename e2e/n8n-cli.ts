import { join } from 'node:path';

import type { N8nInstall } from './install-n8n';
import { n8nEnv, type N8nInstance } from './n8n-env';
import { runCommand, tail } from './processes';

/** One n8n CLI command against the instance; each starts n8n (≈ 4 s) and may run migrations. */
async function n8n(
	install: N8nInstall,
	instance: N8nInstance,
	args: string[],
	timeoutMs: number,
	env: NodeJS.ProcessEnv = {},
	stdoutFile?: string,
) {
	return await runCommand(process.execPath, [install.bin, ...args], {
		env: n8nEnv(instance, env),
		timeoutMs,
		label: `n8n ${args[0]}`,
		stdoutFile,
	});
}

export async function importCredentials(install: N8nInstall, instance: N8nInstance, file: string): Promise<void> {
	await n8n(install, instance, ['import:credentials', `--input=${file}`], 120_000);
}

export async function importWorkflows(install: N8nInstall, instance: N8nInstance, dir: string): Promise<void> {
	await n8n(install, instance, ['import:workflow', '--separate', `--input=${dir}`], 120_000);
}

/** The part of n8n's run data the checks read. */
export interface OutputItem {
	json: Record<string, unknown>;
	binary?: Record<string, { fileName?: string; mimeType?: string; fileSize?: string }>;
}

export interface NodeRun {
	data?: { main?: Array<OutputItem[] | null> };
	error?: { message?: string };
}

export interface RunData {
	data: { resultData: { runData: Record<string, NodeRun[]>; error?: { message?: string } } };
	status?: string;
}

/**
 * `n8n execute --id --rawOutput` prints the run data as indented JSON through its logger at
 * level info, between other log lines: the JSON is the block from a line `{` to a line `}`.
 */
export async function executeWorkflow(install: N8nInstall, instance: N8nInstance, id: string): Promise<RunData> {
	const { stdout } = await n8n(
		install,
		instance,
		['execute', `--id=${id}`, '--rawOutput'],
		300_000,
		{ N8N_LOG_LEVEL: 'info' },
		join(instance.userFolder, `execute-${id}.out`),
	);
	const start = stdout.search(/^\{$/m);
	const end = stdout.lastIndexOf('\n}');
	if (start < 0 || end < start) throw new Error(`n8n execute --id=${id} printed no run data:\n${tail(stdout)}`);
	try {
		return JSON.parse(stdout.slice(start, end + 2)) as RunData;
	} catch (error) {
		throw new Error(`n8n execute --id=${id}: its output is not JSON (${(error as Error).message}):\n${tail(stdout)}`);
	}
}

/** The JSON of every item a node put out in its first run. */
export function outputOf(run: RunData, nodeName: string): OutputItem[] {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs?.length) throw new Error(`node "${nodeName}" did not run`);
	if (runs[0].error) throw new Error(`node "${nodeName}" failed: ${runs[0].error.message ?? 'unknown error'}`);
	return runs[0].data?.main?.[0] ?? [];
}

/** Marks a workflow published (active): `n8n start` then activates it, as the editor's Publish does. */
export async function publishWorkflow(install: N8nInstall, instance: N8nInstance, id: string): Promise<void> {
	await n8n(install, instance, ['publish:workflow', `--id=${id}`], 120_000);
}
