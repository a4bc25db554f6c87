/**
 * npm run e2e — the package in the real n8n app: n8n 2.41.1 installed once into a cache, the
 * packed package loaded through N8N_CUSTOM_EXTENSIONS, a credential connected through the
 * sandbox's consent page and imported, the example workflows imported and run with
 * `n8n execute`, their files checked against the sandbox; then `n8n start` and the editor in
 * headless Chromium, with screenshots into docs/; last the examples that need n8n running (the
 * mirror into Data Tables, whose tables are made over n8n's REST API).
 *
 * `-- --only mirror` runs only the checks whose workflow id contains "mirror" (case ignored), without
 * the editor's screenshots but those of their examples' reports: for working on one check. `-- --soak 30m` keeps n8n working afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { createSandbox } from '../sandbox';
import { fingerprint } from '../sandbox/oauth/secrets';
import { captureEditor, captureReportOutputs, REPORT_OUTPUTS } from './browser';
import { EXAMPLE_CHECKS, type CheckContext, type ExampleCheck } from './checks';
import { ensureChromium } from './chromium';
import { CUSTOM_NODE_PREFIX, N8N_VERSION, REPO_ROOT } from './config';
import { checkCommunityLoad } from './community-load';
import { checkConnectExchange } from './connect-check';
import { connectToSandbox, writeCredentialImport } from './credential';
import { adaptExample, loadExamples, writeWorkflows, type Workflow } from './examples';
import { onShutdown, runScript } from './lifecycle';
import { smtpCredentialImport } from './mail/credential';
import { SmtpSink } from './mail/smtp-sink';
import { info, seconds, step } from './log';
import { executeWorkflow, importCredentials, importWorkflows, publishWorkflow } from './n8n-cli';
import { instanceFolders } from './n8n-env';
import { activateWorkflow, createOwner, nodeTypesLoaded, startN8n, type N8nServer } from './n8n-server';
import { ensureN8n } from './install-n8n';
import { checkTarballContents } from './package-check';
import { freePort } from './ports';
import { ServiceReader } from './service-reader';
import { buildPackage, packPackage, unpackInto } from './stage-package';
import { parseDuration, soak } from './soak';
import { sleep } from './wait';
import { CHANGES_WORKFLOW_ID, LOAD_WORKFLOW_ID, changesWorkflow, loadWorkflow } from './scale/workflows';

/** Cold runs install n8n (≈ 4–5 min); warm runs take about a minute. */
const WHOLE_RUN_LIMIT_MS = 25 * 60_000;

/**
 * n8n 2.41 saves a workflow's static data (a polling trigger's position) only when its id has at
 * most 21 characters (`isWorkflowIdValid` in n8n's utils); a longer id keeps it in memory only, and
 * a restart starts the trigger over.
 */
const MAX_WORKFLOW_ID_WITH_STATIC_DATA = 21;

/** n8n's own graceful shutdown waits up to 30 s for executions under way; a restart gives it that. */
const RESTART_GRACE_MS = 45_000;

const { values: ARGS } = parseArgs({ options: { soak: { type: 'string' }, only: { type: 'string' } } });
/** `--soak 30m`: how long n8n keeps working after the checks (soak.ts); none by default. */
const SOAK_MS = ARGS.soak === undefined ? undefined : parseDuration(ARGS.soak);
/** `--only mirror`: the checks whose workflow id contains this (case ignored); all of them by default. */
const ONLY = ARGS.only?.toLowerCase();
const CHECKS = EXAMPLE_CHECKS.filter(
	(check) => ONLY === undefined || ONLY.split(',').some((part) => check.workflowId.toLowerCase().includes(part)),
);

async function main(): Promise<void> {
	const started = performance.now();
	const root = mkdtempSync(join(tmpdir(), 'n8n-e2e-'));
	let passed = false;
	onShutdown(async () => {
		// Kept after a failure: n8n's log and the failure screenshot are in it.
		if (passed && !process.env.E2E_KEEP) rmSync(root, { recursive: true, force: true });
		else console.log(`\nWork folder kept for inspection: ${root}`);
	});

	if (CHECKS.length === 0) throw new Error(`--only ${ONLY}: no check's workflow id contains it`);
	if (ONLY) info(`only: ${CHECKS.map((check) => check.workflowId).join(', ')}`);
	const install = await step(`n8n ${N8N_VERSION} (installed once into a cache)`, ensureN8n);
	const instance = instanceFolders(root, { port: await freePort(), brokerPort: await freePort() });

	await step('build, npm pack, unpack as a custom extension', async () => {
		await buildPackage();
		const packed = await packPackage(join(root, 'pack'));
		info(`tarball: ${checkTarballContents(packed.files)}`);
		info(`N8N_CUSTOM_EXTENSIONS=${instance.extensionsDir}`);
		const packageDir = await unpackInto(packed.tarball, instance.extensionsDir);
		info(await checkCommunityLoad(install, packageDir));
	});

	// n8n's own OAuth callback for the in-browser Connect, besides the harness's default one.
	const sandbox = createSandbox({
		port: 0,
		redirectUris: [`http://127.0.0.1:${instance.port}/rest/oauth2-credential/callback`],
		// The soak runs as the issue asks: access tokens of a minute, the service's rate limit.
		...(SOAK_MS ? { accessTokenSeconds: 60, rateLimit: { requests: 200 } } : {}),
	});
	onShutdown(async () => await sandbox.stop());
	const urls = await sandbox.start();
	info(`sandbox at ${urls.origin}`);
	const running = { urls, client: sandbox.client, consent: sandbox.consent };

	// Where the e-mail examples' Send Email nodes deliver: kept and parsed for their checks.
	const mail = new SmtpSink();
	const smtp = await mail.start();
	onShutdown(async () => await mail.stop());
	info(`SMTP sink at ${smtp.host}:${smtp.port}`);

	let importedTokenFingerprint = '';
	await step("credentials: consent flow with PKCE, the SMTP sink's, then n8n import:credentials", async () => {
		const file = join(root, 'credential.json');
		const connected = await connectToSandbox(running);
		importedTokenFingerprint = fingerprint(String((connected.oauthTokenData as { access_token: string }).access_token));
		writeCredentialImport(file, connected, [smtpCredentialImport(smtp)]);
		await importCredentials(install, instance, file);
		rmSync(file);
	});

	// The checks read the sandbox with a grant of their own, apart from the one n8n renews.
	const reader = ServiceReader.ofSandbox(running);

	const folders = new Map<string, string>();
	/** Examples their check imports once n8n runs, as this n8n runs them. */
	const serverWorkflows = new Map<string, Workflow>();
	await step('examples: n8n import:workflow', async () => {
		const examples = loadExamples();
		const longIds = examples.filter(({ workflow }) => workflow.id.length > MAX_WORKFLOW_ID_WITH_STATIC_DATA);
		if (longIds.length)
			info(
				`warning: n8n saves no static data (a trigger's position) of ${longIds.map(({ workflow }) => `${workflow.id} (${workflow.id.length} characters)`).join(', ')}: ids longer than ${MAX_WORKFLOW_ID_WITH_STATIC_DATA}`,
			);
		const workflows: Workflow[] = [];
		for (const { file, workflow } of examples) {
			const check = EXAMPLE_CHECKS.find((candidate) => candidate.workflowId === workflow.id);
			if (!check) throw new Error(`examples/${file}: the e2e has no check for workflow ${workflow.id}`);
			const folder = join(instance.filesDir, workflow.id);
			mkdirSync(folder, { recursive: true });
			folders.set(workflow.id, folder);
			// Input files and values read from the sandbox (an open invoice), before anything writes to it.
			const prepared = (await check.prepare?.({ folder, reader })) ?? {};
			const settings = { folder, ...check.settings, ...prepared };
			const adapted = adaptExample(workflow, settings, check.nodeParameters, urls.baseUrl, check.settingsNode);
			if (check.runs === 'server') serverWorkflows.set(workflow.id, adapted);
			else workflows.push(adapted);
		}
		// The soak's workflows are published when it starts: their trigger must not poll during the checks.
		if (SOAK_MS) workflows.push(loadWorkflow(), changesWorkflow());
		writeWorkflows(join(root, 'workflows'), workflows);
		await importWorkflows(install, instance, join(root, 'workflows'));
		info(`${workflows.length} workflows: ${workflows.map((workflow) => workflow.name).join('; ')}`);
	});

	const contextFor = (check: ExampleCheck): CheckContext => {
		const folder = folders.get(check.workflowId);
		if (!folder) throw new Error(`no example file has workflow id ${check.workflowId}`);
		const executeAgain = async () => await executeWorkflow(install, instance, check.workflowId);
		return { folder, reader, sandbox, mail, n8nDir: install.dir, importedTokenFingerprint, executeAgain };
	};

	for (const check of CHECKS.filter((candidate) => candidate.runs === 'execute')) {
		await step(`example ${check.workflowId}: n8n execute --id, then check its output`, async () => {
			const mailbox = mail.since();
			const run = await executeWorkflow(install, instance, check.workflowId);
			info(`n8n reports status ${run.status ?? 'unknown'}`);
			info(await check.check({ ...contextFor(check), run, mail: mailbox }));
		});
	}

	const published = CHECKS.filter((candidate) => candidate.runs === 'published');
	for (const check of published) {
		await step(
			`example ${check.workflowId}: n8n publish:workflow`,
			async () => await publishWorkflow(install, instance, check.workflowId),
		);
	}
	const logSeqBeforeStart = Math.max(0, ...sandbox.log.entries().map((entry: { seq: number }) => entry.seq));

	let session = '';
	let server: N8nServer = await step('n8n start, owner setup over REST', async () => {
		const started = await startN8n(install, instance, root);
		onShutdown(async () => await started.service.stop());
		session = await createOwner(started.url);
		const types = await nodeTypesLoaded(started.url, session);
		const ours = types.filter((type) => type.startsWith(CUSTOM_NODE_PREFIX));
		if (!ours.includes(`${CUSTOM_NODE_PREFIX}accountingService`)) {
			throw new Error(
				`n8n did not load ${CUSTOM_NODE_PREFIX}accountingService; custom node types: ${ours.join(', ') || 'none'}`,
			);
		}
		info(`${started.url}: node types ${ours.join(', ')}`);
		return started;
	});

	// Triggers wait for n8n's polls (up to two minutes): they run while the browser works.
	const triggerChecks = step(
		`published examples: ${published.map((check) => check.workflowId).join(', ')} (polled by n8n start)`,
		async () => {
			for (const check of published)
				info(await check.check({ ...contextFor(check), logSeqBeforeStart, n8nLogFile: server.logFile }));
		},
	);
	triggerChecks.catch(() => undefined);

	// A run of a few checks takes the screenshots of their examples' reports only.
	const reportsOnly = ONLY ? CHECKS.map((check) => check.workflowId) : undefined;
	if (reportsOnly && REPORT_OUTPUTS.some((report) => reportsOnly.includes(report.workflowId))) {
		await step("editor in headless Chromium: the examples' report outputs into docs/", async () => {
			await ensureChromium();
			const shots = await captureReportOutputs(server.url, reportsOnly, join(REPO_ROOT, 'docs'), root);
			info(`${shots.length} screenshots`);
		});
	}
	if (!ONLY) {
		await step('editor in headless Chromium: screenshots into docs/', async () => {
			await ensureChromium();
			const connection = { ...urls, ...sandbox.client };
			const shots = await captureEditor(server.url, connection, join(REPO_ROOT, 'docs'), root);
			info(`${shots.length} screenshots`);
			info(checkConnectExchange(sandbox.log.entries(), logSeqBeforeStart));
		});
	}
	await triggerChecks;

	let restarts = 0;
	const n8n = {
		install,
		session,
		server: () => server,
		async restart() {
			await server.service.stop(RESTART_GRACE_MS);
			restarts += 1;
			const started = await startN8n(install, instance, root, { logName: `n8n-start-${restarts + 1}.log` });
			onShutdown(async () => await started.service.stop());
			server = started;
			return started;
		},
	};
	for (const check of CHECKS.filter((candidate) => candidate.runs === 'server')) {
		await step(`example ${check.workflowId}: imported and published over REST, then checked`, async () => {
			const workflow = serverWorkflows.get(check.workflowId);
			info(
				await check.check({
					...contextFor(check),
					n8n,
					workflow,
					docsDir: join(REPO_ROOT, 'docs'),
					failureDir: root,
				}),
			);
		});
	}

	if (SOAK_MS) {
		await step(`soak: n8n keeps working for ${seconds(SOAK_MS)} (60 s tokens, the rate limit)`, async () => {
			for (const id of [LOAD_WORKFLOW_ID, CHANGES_WORKFLOW_ID]) await activateWorkflow(server.url, session, id);
			// Activation makes the trigger's first poll, which notes where "now" is; changes come after its second.
			await sleep(2_000);
			const workflowIds = [...folders.keys(), LOAD_WORKFLOW_ID, CHANGES_WORKFLOW_ID];
			await soak({ install, server, session, sandbox, reader, workflowIds, folder: join(root, 'soak') }, SOAK_MS);
		});
	}

	passed = true;
	console.log(`\ne2e passed in ${seconds(performance.now() - started)}`);
}

runScript('e2e', main, WHOLE_RUN_LIMIT_MS + (SOAK_MS ?? 0) * 1.2, 'n8n and the sandbox');
