import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { launchChromium, signIn } from './chromium';

const STEP_TIMEOUT = 30_000;
/** A run of the examples takes 1–10 s; far longer means the editor never heard the run end. */
const RUN_TIMEOUT = 120_000;

const testId = (id: string) => `[data-test-id="${id}"]`;
const EXECUTE_BUTTON = testId('execute-workflow-button');
const TOAST = '.el-notification';
const TRANSITIONS_MS = 800;
const POLL_MS = 500;

export interface EditorRuns {
	/** Runs that ended, successful or not; a page step that failed counts as a failed run. */
	runs: number;
	failures: string[];
	stop(): Promise<void>;
}

/**
 * Runs a workflow from the editor as a person does, every `everyMs` (start to start) until stop():
 * clicks "Execute workflow", waits for n8n to record the run's end and the editor to show it, and notes
 * a failure with a screenshot. Failing to start the browser or to sign in throws; nothing in the loop does.
 */
export async function startEditorRuns(
	n8nUrl: string,
	workflowId: string,
	options: { everyMs: number; screenshotDir: string },
): Promise<EditorRuns> {
	mkdirSync(options.screenshotDir, { recursive: true });
	const { context, close: closeBrowser } = await launchChromium({ width: 1440, height: 900 });
	context.setDefaultTimeout(STEP_TIMEOUT);
	const page = await context.newPage();
	const workflowUrl = `${n8nUrl}/workflow/${workflowId}`;
	try {
		await signIn(page, n8nUrl);
		await openWorkflow(page, workflowUrl);
	} catch (error) {
		await closeBrowser();
		throw error;
	}

	let stopping = false;
	let wakeUp = () => {};
	const editorRuns: EditorRuns = { runs: 0, failures: [], stop: async () => {} };
	const recordFailure = async (description: string) => {
		editorRuns.failures.push(`run ${editorRuns.runs}: ${description}`);
		const file = join(options.screenshotDir, `editor-run-failure-${editorRuns.failures.length}.png`);
		// The toast slides in and the button's spinner fades out: the picture is taken once both are done.
		await page.waitForTimeout(TRANSITIONS_MS).catch(() => undefined);
		await page.screenshot({ path: file }).catch(() => undefined);
	};
	const loop = (async () => {
		while (!stopping) {
			const started = Date.now();
			try {
				const failure = await runOnce(page, n8nUrl, workflowId);
				editorRuns.runs++;
				if (failure) await recordFailure(failure);
			} catch (error) {
				editorRuns.runs++;
				await recordFailure(`page step failed: ${describe(error as Error)}`);
				// A fresh page, so one stuck dialog or lost push connection does not fail every later run.
				if (!stopping) await openWorkflow(page, workflowUrl).catch(() => undefined);
			}
			const wait = options.everyMs - (Date.now() - started);
			if (wait > 0 && !stopping)
				await new Promise<void>((resolve) => {
					const timer = setTimeout(resolve, wait);
					wakeUp = () => {
						clearTimeout(timer);
						resolve();
					};
				});
		}
	})();
	editorRuns.stop = async () => {
		stopping = true;
		wakeUp();
		await loop;
		await closeBrowser();
	};
	return editorRuns;
}

async function openWorkflow(page: Page, workflowUrl: string): Promise<void> {
	await page.goto(workflowUrl);
	await page.locator(testId('canvas-node')).first().waitFor();
	await page.locator(`${EXECUTE_BUTTON}:not([disabled])`).waitFor();
}

interface ManualExecution {
	id: string;
	mode: string;
	status: string;
	startedAt: string | null;
}

/**
 * One click on "Execute workflow"; the failure, or undefined when the run succeeded. The outcome is
 * n8n's own record of the run; the toast only words a failure. A success toast is gone after a few
 * seconds, and when the editor's push connection reconnects mid-run n8n shows the result on the
 * canvas without any toast (seen under the soak's load), so the toast cannot be what a run waits for.
 */
async function runOnce(page: Page, n8nUrl: string, workflowId: string): Promise<string | undefined> {
	// The last run's toast (an error one stays until closed) would otherwise be read as this run's outcome.
	for (const close of await page.locator(`${TOAST} .el-notification__closeBtn`).all())
		await close.click().catch(() => undefined);
	await page.waitForFunction((selector) => !document.querySelector(selector), TOAST);

	const before = new Set((await manualExecutions(page, n8nUrl, workflowId)).map((execution) => execution.id));
	await page.click(EXECUTE_BUTTON);
	const execution = await finishedRun(page, n8nUrl, workflowId, before);
	// While running the button is busy (its spinner); idle again means the editor has the whole result.
	await page.locator(`${EXECUTE_BUTTON}:not([aria-busy="true"]):not([disabled])`).waitFor({ timeout: RUN_TIMEOUT });
	if (execution.status === 'success') return undefined;
	const toast = page.locator(TOAST).first();
	const words = await Promise.all(
		['.el-notification__title', '.el-notification__content'].map((part) =>
			toast
				.locator(part)
				.innerText({ timeout: TRANSITIONS_MS })
				.catch(() => ''),
		),
	);
	const told = words.map((word) => word.trim()).filter(Boolean);
	return [`execution ${execution.id} ${execution.status}`, ...told].join(': ').replace(/\s+/g, ' ');
}

/** The manual run the click started, once n8n has recorded its end. */
async function finishedRun(
	page: Page,
	n8nUrl: string,
	workflowId: string,
	before: Set<string>,
): Promise<ManualExecution> {
	const deadline = Date.now() + RUN_TIMEOUT;
	while (Date.now() < deadline) {
		const started = (await manualExecutions(page, n8nUrl, workflowId)).filter((execution) => !before.has(execution.id));
		const ended = started.find((execution) => !['new', 'running', 'waiting'].includes(execution.status));
		if (ended) return ended;
		await page.waitForTimeout(POLL_MS);
	}
	throw new Error(`no manual execution of ${workflowId} ended within ${RUN_TIMEOUT / 1000} s of the click`);
}

/**
 * The newest executions of the workflow started from the editor, read as the editor reads them:
 * from the page, with its session cookie and the browser id n8n binds that session to.
 */
async function manualExecutions(page: Page, n8nUrl: string, workflowId: string): Promise<ManualExecution[]> {
	const query = new URLSearchParams({ filter: JSON.stringify({ workflowId }), limit: '20' });
	const answer = await page.evaluate(async (url) => {
		const response = await fetch(url, {
			headers: { 'browser-id': localStorage.getItem('n8n-browserId') ?? '' },
			credentials: 'include',
		});
		return { status: response.status, body: response.ok ? await response.text() : '' };
	}, `${n8nUrl}/rest/executions?${query}`);
	if (answer.status !== 200) throw new Error(`n8n GET /rest/executions answered ${answer.status}`);
	const { data } = JSON.parse(answer.body) as { data: { results: ManualExecution[] } };
	return data.results
		.filter((execution) => execution.mode === 'manual')
		.map((execution) => ({ ...execution, id: String(execution.id) }));
}

/** Playwright's first line says what timed out; the call log's "waiting for" line says on which element. */
function describe(error: Error): string {
	// The call log is coloured for a terminal.
	const plain = error.message.replace(/\u001b\[[0-9;]*m/g, '');
	const lines = plain.split('\n').map((line) => line.trim());
	const waitingFor = lines.find((line) => line.includes('waiting for'));
	return waitingFor ? `${lines[0]} (${waitingFor.replace(/^-\s*/, '')})` : lines[0];
}
