/**
 * npm run e2e:queue — the package in n8n's queue mode: PostgreSQL and Redis (Debian's) on free
 * loopback ports, n8n 2.41.1 as main plus two workers, the sandbox with 60 s access tokens and the
 * service's rate limit. A webhook-started workflow is called many times over several minutes,
 * several at once, while the trigger (on main) watches sales invoices change; one worker is
 * killed (SIGKILL) in the middle. What n8n recorded and what the sandbox saw must show that no
 * execution failed, that the refresh tokens formed one unbroken chain, and that nothing was
 * written or emitted twice. Everything it started stops at the end, also on failure.
 *
 * Options: --calls N (60), --minutes M (5), --burst B (4 calls at once).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { createSandbox } from '../../sandbox';
import { connectToSandbox, writeCredentialImport } from '../credential';
import { ensureN8n } from '../install-n8n';
import { onShutdown, runScript } from '../lifecycle';
import { info, seconds, step } from '../log';
import { importCredentials, importWorkflows, publishWorkflow } from '../n8n-cli';
import { createOwner, startN8n } from '../n8n-server';
import { writeWorkflows } from '../examples';
import { ServiceReader } from '../service-reader';
import { buildPackage, packPackage, unpackInto } from '../stage-package';
import { sleep, until } from '../wait';
import { BookChanges } from '../scale/changes';
import { anOrder, driveLoad } from '../scale/load';
import { N8nExecutions } from '../scale/n8n-executions';
import { emissionsOnceCaughtUp, heldBy, settledExecutions, stalledIn, troubleIn, workerLog } from '../scale/observe';
import {
	CHANGES_WORKFLOW_ID,
	LOAD_WEBHOOK_PATH,
	LOAD_WORKFLOW_ID,
	TRIGGER_NODE,
	changesWorkflow,
	loadWorkflow,
} from '../scale/workflows';
import { queueInstances, queueModeEnv, workerProcess } from './n8n-queue';
import { startPostgres, startRedis } from './servers';
import { judge } from './verdict';

const WORKERS = 2;
const WORKER_CONCURRENCY = 4;
const ACCESS_TOKEN_SECONDS = 60;
/** The service's limit: 200 requests in any 60 s per business. */
const RATE_LIMIT = 200;
const BOOK_CHANGE_EVERY_MS = 7_000;

function options() {
	const { values } = parseArgs({
		options: {
			calls: { type: 'string', default: '60' },
			minutes: { type: 'string', default: '5' },
			burst: { type: 'string', default: '4' },
		},
	});
	const plan = {
		calls: Number(values.calls),
		durationMs: Number(values.minutes) * 60_000,
		burst: Number(values.burst),
	};
	if (!(plan.calls >= 2 && plan.durationMs > 0 && plan.burst >= 1))
		throw new Error('--calls (at least 2), --minutes and --burst must be positive numbers');
	return plan;
}

async function main(): Promise<void> {
	const plan = options();
	const started = performance.now();
	const root = mkdtempSync(join(tmpdir(), 'n8n-queue-'));
	let passed = false;
	onShutdown(async () => {
		if (passed && !process.env.E2E_KEEP) rmSync(root, { recursive: true, force: true });
		else console.log(`\nWork folder kept for inspection (n8n's logs, report.json, sandbox-log.json): ${root}`);
	});

	const install = await step('n8n 2.41.1 (installed once into a cache)', ensureN8n);
	const { database, redis } = await step('PostgreSQL and Redis on free loopback ports', async () => {
		const database = await startPostgres(join(root, 'postgres.log'));
		onShutdown(async () => await database.stop());
		const redis = await startRedis(join(root, 'redis.log'));
		onShutdown(async () => await redis.service.stop());
		info(`PostgreSQL on ${database.port}, Redis on ${redis.port}`);
		return { database, redis };
	});
	const env = queueModeEnv(database, redis, randomBytes(24).toString('base64url'));
	const instances = await queueInstances(root, env, WORKERS);

	await step('build, npm pack, unpack as a custom extension (main and workers load it)', async () => {
		await buildPackage();
		const packed = await packPackage(join(root, 'pack'));
		await unpackInto(packed.tarball, instances.main.extensionsDir);
	});

	const sandbox = createSandbox({
		port: 0,
		accessTokenSeconds: ACCESS_TOKEN_SECONDS,
		rateLimit: { requests: RATE_LIMIT },
		// The service is far away: every answer takes 100–200 ms.
		latencyMs: 100,
		latencyJitterMs: 100,
	});
	onShutdown(async () => await sandbox.stop());
	const urls = await sandbox.start();
	const running = { urls, client: sandbox.client, consent: sandbox.consent };
	const reader = ServiceReader.ofSandbox(running);

	await step('credential, workflows: imported into PostgreSQL and published', async () => {
		const file = join(root, 'credential.json');
		writeCredentialImport(file, await connectToSandbox(running));
		await importCredentials(install, instances.main, file);
		rmSync(file);
		writeWorkflows(join(root, 'workflows'), [loadWorkflow(), changesWorkflow()]);
		await importWorkflows(install, instances.main, join(root, 'workflows'));
		for (const id of [LOAD_WORKFLOW_ID, CHANGES_WORKFLOW_ID]) await publishWorkflow(install, instances.main, id);
	});

	const { server, session } = await step('n8n main (editor, webhooks, trigger), owner setup', async () => {
		const server = await startN8n(install, instances.main, root, { logName: 'main.log' });
		onShutdown(async () => await server.service.stop());
		return { server, session: await createOwner(server.url) };
	});
	const workers = await step(`${WORKERS} workers (n8n worker --concurrency=${WORKER_CONCURRENCY})`, async () => {
		const started = [];
		for (const [index, worker] of instances.workers.entries()) {
			const process = await startN8n(install, worker, root, workerProcess(worker, index + 1, WORKER_CONCURRENCY));
			onShutdown(async () => await process.service.stop());
			started.push(process);
		}
		return started;
	});

	const order = await step('a customer reference and an item code of the lead business', async () => {
		const order = await anOrder(reader);
		info(`customer ${order.customerReference}, item ${order.itemCode}`);
		return order;
	});

	await step('the trigger has polled once (its first poll notes where "now" is)', async () => {
		const firstPoll = await until('the trigger polling', 60_000, () =>
			sandbox.log.entries().find((entry) => entry.path.startsWith('/v3.1/sales_invoices') && entry.status === 200),
		);
		await until('the sandbox clock past the second of the first poll', 5_000, () =>
			Math.floor(sandbox.clock.now() / 1000) > Math.floor(Date.parse(firstPoll.at) / 1000) ? true : undefined,
		);
	});

	const changes = new BookChanges(sandbox);
	const runTag = randomBytes(3).toString('hex');
	const killed: { worker: number; held: string[]; atMs: number } = { worker: 1, held: [], atMs: 0 };
	const outcomes = await step(
		`load: ${plan.calls} webhook calls over ${seconds(plan.durationMs)}, ${plan.burst} at once; worker 1 killed midway`,
		async () => {
			changes.start(BOOK_CHANGE_EVERY_MS);
			const killer = (async () => {
				await sleep(plan.durationMs / 2);
				const logFile = workers[0].logFile;
				// Executions last a second or two: look often, so the kill lands while one runs.
				const deadline = Date.now() + 60_000;
				while (!heldBy(logFile).length) {
					if (Date.now() > deadline) throw new Error('worker 1 held no execution for 60 s');
					await sleep(100);
				}
				killed.atMs = performance.now() - started;
				process.kill(-workers[0].service.child.pid!, 'SIGKILL');
				info(`worker 1 killed (SIGKILL) while it ran executions ${heldBy(logFile).join(', ')}`);
			})();
			const outcomes = await driveLoad(
				`${server.url}/webhook/${LOAD_WEBHOOK_PATH}`,
				plan,
				(index) => ({
					key: `ORDER-${runTag}-${String(index + 1).padStart(3, '0')}`,
					...order,
					quantity: 1 + (index % 3),
				}),
				(invoice) => changes.noteInvoice(invoice),
			);
			await killer;
			await changes.stop();
			return outcomes;
		},
	);

	const findings = await step('what n8n recorded and what the sandbox saw', async () => {
		const executions = new N8nExecutions(server.url, session, install);
		// The trigger's polls after the load, and main marking the killed worker's executions.
		const emissions = await emissionsOnceCaughtUp(executions, CHANGES_WORKFLOW_ID, TRIGGER_NODE, changes.lastChange);
		const lists = await settledExecutions(executions, [LOAD_WORKFLOW_ID, CHANGES_WORKFLOW_ID]);
		const invoices = await reader.all('/sales_invoices?attributes=reference');
		// What the worker had taken: those its log shows started and main's log shows lost with it
		// (a job taken in the instant before the kill may not have reached the worker's log).
		const survivors = new Set(workers.slice(1).flatMap((worker) => workerLog(worker.logFile).started));
		const lost = stalledIn(server.logFile).filter((id) => !survivors.has(id));
		killed.held = [...new Set([...heldBy(workers[0].logFile), ...lost])];
		return {
			plan,
			outcomes,
			killed,
			executions: lists,
			workers: workers.map((worker) => workerLog(worker.logFile)),
			emissions,
			lastChange: changes.lastChange,
			references: invoices.map((invoice) => String(invoice.reference)),
			log: sandbox.log.entries(),
			leadBusinessId: sandbox.dataset.leadBusinessId,
			trouble: [server, ...workers].flatMap((process) => troubleIn(process.logFile)),
		};
	});
	const verdict = judge(findings);
	// What the sandbox saw (token fingerprints, never tokens), for reading a failure afterwards.
	writeFileSync(join(root, 'sandbox-log.json'), JSON.stringify(findings.log));
	writeFileSync(
		join(root, 'report.json'),
		JSON.stringify({ figures: verdict.figures, problems: verdict.problems }, null, 2),
	);
	for (const line of verdict.lines) info(line);
	if (verdict.problems.length) throw new Error(`queue mode:\n  ${verdict.problems.join('\n  ')}`);

	passed = true;
	console.log(`\ne2e:queue passed in ${seconds(performance.now() - started)}`);
}

/** The trigger's window reads; the load's Return All reads sales invoices without this filter. */
function isTriggerPoll(entry: { path: string }): boolean {
	return entry.path.startsWith('/v3.1/sales_invoices') && entry.path.includes('updated_or_created_since');
}

runScript('e2e:queue', main, 40 * 60_000, 'n8n, the workers, PostgreSQL, Redis and the sandbox');
