/**
 * `npm run e2e -- --soak 30m`: after the e2e's checks, n8n (one process, as `npm run dev` runs it)
 * keeps working for the given time with 60 s access tokens and the service's rate limit: orders
 * arrive by webhook, two at a time, someone edits sales invoices in the books, the trigger watches
 * them, and a person runs a workflow from the editor every half minute. Afterwards nothing may have
 * failed: no execution, no editor run, no order; no refresh token spent twice; each change put out
 * once; n8n's log without a signing or reconnect error.
 */
import type { N8nInstall } from './install-n8n';
import type { N8nServer } from './n8n-server';
import { info } from './log';
import { ServiceReader } from './service-reader';
import { startEditorRuns } from './editor-runs';
import { BookChanges, type SandboxBooks } from './scale/changes';
import { emissionsOnce, ordersNotOnce, refreshChain, requestRate, type LoggedRequest } from './scale/evidence';
import { anOrder, driveLoad } from './scale/load';
import { N8nExecutions } from './scale/n8n-executions';
import { byStatus, emissionsOnceCaughtUp, logSize, settledExecutions, troubleIn } from './scale/observe';
import { CHANGES_WORKFLOW_ID, LOAD_WEBHOOK_PATH, TRIGGER_NODE } from './scale/workflows';

/** The example a person runs from the editor during the soak. */
const EDITOR_WORKFLOW_ID = 'acctSalesInvoicesCsv';
const EDITOR_RUN_EVERY_MS = 30_000;
const ORDER_EVERY_MS = 15_000;
const BOOK_CHANGE_EVERY_MS = 7_000;

export interface SoakContext {
	install: N8nInstall;
	server: N8nServer;
	session: string;
	sandbox: SandboxBooks & { log: { entries(): Array<LoggedRequest & { seq: number }> } };
	reader: ServiceReader;
	/** Every workflow n8n has, whose executions during the soak must all succeed. */
	workflowIds: string[];
	/** Where failure screenshots of the editor runs go. */
	folder: string;
}

/** "30m", "90s", "2h" → milliseconds. */
export function parseDuration(text: string): number {
	const match = /^(\d+(?:\.\d+)?)(s|m|h)$/.exec(text.trim());
	if (!match) throw new Error(`--soak takes a duration such as 30m, 90s or 1h, not "${text}"`);
	return Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 's' | 'm' | 'h'];
}

export async function soak(context: SoakContext, durationMs: number): Promise<void> {
	const { sandbox, server } = context;
	const startedAt = Date.now();
	// The editor's check before the soak saves a credential before Connect on purpose: what n8n
	// logged about it is not the soak's.
	const logFrom = logSize(server.logFile);
	const order = await anOrder(context.reader);
	const changes = new BookChanges(sandbox);
	changes.start(BOOK_CHANGE_EVERY_MS);
	const editor = await startEditorRuns(server.url, EDITOR_WORKFLOW_ID, {
		everyMs: EDITOR_RUN_EVERY_MS,
		screenshotDir: context.folder,
	});
	const runTag = startedAt.toString(36);
	const outcomes = await driveLoad(
		`${server.url}/webhook/${LOAD_WEBHOOK_PATH}`,
		{ calls: Math.max(2, Math.round(durationMs / ORDER_EVERY_MS)), durationMs, burst: 2 },
		(index) => ({ key: `SOAK-${runTag}-${String(index + 1).padStart(4, '0')}`, ...order, quantity: 1 }),
		(invoice) => changes.noteInvoice(invoice),
	);
	await changes.stop();
	await editor.stop();

	const executions = new N8nExecutions(server.url, context.session, context.install);
	// Changes before the soak belong to the e2e's checks.
	const emissions = (
		await emissionsOnceCaughtUp(executions, CHANGES_WORKFLOW_ID, TRIGGER_NODE, changes.lastChange)
	).filter((emission) => Date.parse(emission.updatedAt) >= startedAt);
	const during = (await settledExecutions(executions, context.workflowIds)).filter(
		(execution) => execution.startedAt !== null && Date.parse(execution.startedAt) >= startedAt,
	);
	const emitted = emissionsOnce(emissions, changes.lastChange);
	const log = sandbox.log.entries();
	const chain = refreshChain(log);
	const rate = requestRate(log, () => true);
	const references = (await context.reader.all('/sales_invoices?attributes=reference')).map((invoice) =>
		String(invoice.reference),
	);

	const problems = [
		...during.filter((e) => e.status !== 'success').map((e) => `execution ${e.id} of ${e.workflowId}: ${e.status}`),
		...editor.failures.map((failure) => `editor: ${failure}`),
		...outcomes.filter((o) => !o.invoice).map((o) => `order ${o.key} never answered: ${o.failures.at(-1)}`),
		...ordersNotOnce(
			outcomes.map((o) => o.key),
			references,
		).map((order) => `order without exactly one invoice: ${order}`),
		...(chain.refused ? [`${chain.refused} renewals refused`] : []),
		...chain.spentTwice.map((fingerprint) => `refresh token ${fingerprint} spent twice`),
		...emitted.twice.map((change) => `put out twice: ${change}`),
		...emitted.missing.map((change) => `never put out: ${change}`),
		...troubleIn(server.logFile, logFrom).map((line) => `n8n log: ${line}`),
		...troubleIn(server.logFile)
			.filter((line) => /Unable to sign/.test(line))
			.map((line) => `n8n log, whole run: ${line}`),
	];
	info(
		`soak ${Math.round((Date.now() - startedAt) / 1000)} s: executions ${JSON.stringify(byStatus(during))}; ` +
			`${editor.runs} editor runs; ${outcomes.length} orders (${outcomes.filter((o) => o.attempts > 1).length} sent again); ` +
			`${chain.renewals} renewals; trigger put out ${emitted.emitted} changes of ${changes.lastChange.size} records; ` +
			`in any 60 s at most ${rate.maxPerMinute} requests sent, ${rate.maxServedPerMinute} served; ${rate.tooMany} answered 429, ${rate.expired} 401`,
	);
	if (problems.length) throw new Error(`soak: ${problems.length} problems:\n  ${problems.slice(0, 30).join('\n  ')}`);
}
