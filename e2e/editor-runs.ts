import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { launchChromium, signIn } from './chromium';

const STEP_TIMEOUT = 30_000;
/** A run of the examples takes 1–10 s; far longer means the editor never heard the run end. */
const RUN_TIMEOUT = 120_000;

const testId = (id: string) => `[data-test-id="${id}"]`;
const EXECUTE_BUTTON = testId('execute-workflow-button');
/** n8n 2.41 ends every manual run with a toast: this title on success, "Problem in node ‘…‘" and the like on failure. */
const SUCCESS_TITLE = 'Workflow executed successfully';
const TOAST = '.el-notification';
const TRANSITIONS_MS = 800;

export interface EditorRuns {
	/** Runs that ended, successful or not; a page step that failed counts as a failed run. */
	runs: number;
	failures: string[];
	stop(): Promise<void>;
}

/**
 * Runs a workflow from the editor as a person does, every `everyMs` (start to start) until stop():
 * clicks "Execute workflow", waits for the toast that ends the run and notes a failure with a
 * screenshot. Failing to start the browser or to sign in throws; nothing in the loop does.
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
				const failure = await runOnce(page);
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

/** One click on "Execute workflow"; the failure as the toast tells it, or undefined when the run succeeded. */
async function runOnce(page: Page): Promise<string | undefined> {
	// The last run's toast (an error one stays until closed) would otherwise be read as this run's outcome.
	for (const close of await page.locator(`${TOAST} .el-notification__closeBtn`).all())
		await close.click().catch(() => undefined);
	await page.waitForFunction((selector) => !document.querySelector(selector), TOAST);

	await page.click(EXECUTE_BUTTON);
	const toast = page.locator(TOAST).first();
	await toast.waitFor({ timeout: RUN_TIMEOUT });
	// While running the button is busy (its spinner); idle again means the editor has the whole result.
	await page.locator(`${EXECUTE_BUTTON}:not([aria-busy="true"]):not([disabled])`).waitFor({ timeout: RUN_TIMEOUT });
	const title = (await toast.locator('.el-notification__title').innerText()).trim();
	if (title === SUCCESS_TITLE) return undefined;
	const message = (
		await toast
			.locator('.el-notification__content')
			.innerText()
			.catch(() => '')
	).trim();
	return [title, message].filter(Boolean).join(': ').replace(/\s+/g, ' ');
}

/** Playwright's first line says what timed out; the call log's "waiting for" line says on which element. */
function describe(error: Error): string {
	// The call log is coloured for a terminal.
	const plain = error.message.replace(/\u001b\[[0-9;]*m/g, '');
	const lines = plain.split('\n').map((line) => line.trim());
	const waitingFor = lines.find((line) => line.includes('waiting for'));
	return waitingFor ? `${lines[0]} (${waitingFor.replace(/^-\s*/, '')})` : lines[0];
}
