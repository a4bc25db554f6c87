/**
 * npm run dev — the sandbox and `n8n start` with this package loaded, the sandbox credential
 * connected and imported, and the examples imported, for clicking through the editor at
 * http://127.0.0.1:5678. n8n's data stays in the cache folder between runs; Ctrl+C stops both.
 * `-- --fresh` starts from an empty n8n.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { createSandbox } from '../sandbox';
import { EXAMPLE_CHECKS } from './checks';
import { EXAMPLE_CREDENTIAL, LOCAL_OWNER, devDir } from './config';
import { connectToSandbox, writeCredentialImport } from './credential';
import { adaptExample, dataTablesOfExample, loadExamples, writeWorkflows, type Workflow } from './examples';
import { ensureN8n } from './install-n8n';
import { exitOnSignals, onShutdown, shutdown } from './lifecycle';
import { step } from './log';
import { importCredentials, importWorkflows } from './n8n-cli';
import { instanceFolders } from './n8n-env';
import { createDataTable, dataTablesOf, personalProjectId } from './n8n-data-tables';
import { createOwner, signInOwner, startN8n } from './n8n-server';
import { freePort, portIsFree } from './ports';
import { ServiceReader } from './service-reader';
import { buildPackage, packPackage, unpackInto } from './stage-package';

const N8N_PORT = 5678;
const SANDBOX_PORT = 4010;

/** The sandbox on its usual port, or any free one when that is taken. */
async function startSandbox() {
	try {
		const sandbox = createSandbox({ port: SANDBOX_PORT });
		return { sandbox, urls: await sandbox.start() };
	} catch {
		const sandbox = createSandbox({ port: 0 });
		return { sandbox, urls: await sandbox.start() };
	}
}

async function main(): Promise<void> {
	const root = devDir();
	if (process.argv.includes('--fresh')) rmSync(root, { recursive: true, force: true });
	if (!(await portIsFree(N8N_PORT))) throw new Error(`port ${N8N_PORT} is taken (another n8n?); stop it first`);

	const install = await step('n8n (installed once into a cache)', ensureN8n);
	const instance = instanceFolders(root, { port: N8N_PORT, brokerPort: await freePort() });
	await step('build and load the package', async () => {
		await buildPackage();
		const packed = await packPackage(join(root, 'pack'));
		rmSync(instance.extensionsDir, { recursive: true, force: true });
		await unpackInto(packed.tarball, instance.extensionsDir);
	});

	const { sandbox, urls } = await startSandbox();
	onShutdown(async () => await sandbox.stop());

	await step('connect and import the sandbox credential and the examples', async () => {
		const file = join(root, 'credential.json');
		writeCredentialImport(file, await connectToSandbox({ urls, client: sandbox.client, consent: sandbox.consent }));
		await importCredentials(install, instance, file);
		rmSync(file);
		mkdirSync(instance.filesDir, { recursive: true });
		const reader = ServiceReader.ofSandbox({ urls, client: sandbox.client, consent: sandbox.consent });
		const workflows: Workflow[] = [];
		for (const { workflow } of loadExamples()) {
			const check = EXAMPLE_CHECKS.find((candidate) => candidate.workflowId === workflow.id);
			// The e2e's periods have data in the sandbox, whose history ends in June 2025; its
			// preparations write the orders sheet and name an open invoice of this sandbox.
			const prepared = (await check?.prepare?.({ folder: instance.filesDir, reader })) ?? {};
			const settings = { folder: instance.filesDir, ...check?.settings, ...prepared };
			workflows.push(adaptExample(workflow, settings, check?.nodeParameters, urls.baseUrl, check?.settingsNode));
		}
		writeWorkflows(join(root, 'workflows'), workflows);
		await importWorkflows(install, instance, join(root, 'workflows'));
	});

	const server = await step('n8n start', async () => await startN8n(install, instance, root));
	onShutdown(async () => await server.service.stop());
	// Set up on an earlier run: sign in instead.
	const session = await createOwner(server.url).catch(async () => await signInOwner(server.url));
	const tables = await step('the Data Tables the examples use (they find them By Name)', async () => {
		const projectId = await personalProjectId(server.url, session);
		const existing = new Set((await dataTablesOf(server.url, session, projectId)).map((table) => table.name));
		const needed = loadExamples().flatMap(({ workflow }) => dataTablesOfExample(workflow));
		for (const definition of needed) {
			if (existing.has(definition.name)) continue;
			await createDataTable(server.url, session, projectId, definition);
			existing.add(definition.name);
		}
		return needed.map((definition) => `"${definition.name}"`).join(', ');
	});

	console.log(`
n8n is running at http://127.0.0.1:${N8N_PORT}
  Sign in as      ${LOCAL_OWNER.email}
  Password        ${LOCAL_OWNER.password}   (a local instance; not a secret)
  Credential      "${EXAMPLE_CREDENTIAL.name}", connected to the sandbox
  Examples        in Overview; they write files to ${instance.filesDir}
                  and to the Data Tables ${tables} (Overview → Data tables)
  Sandbox         ${urls.baseUrl}  (client ${sandbox.client.clientId}; its consent page signs you in)
  n8n's log       ${server.logFile}

Press Ctrl+C to stop n8n and the sandbox.`);
	const why = await server.service.exited;
	if (stopping) return;
	console.error(`\nn8n ${why} on its own; see ${server.logFile}`);
	await shutdown();
	process.exit(1);
}

let stopping = false;

exitOnSignals(() => {
	stopping = true;
	console.log('\nStopping n8n and the sandbox…');
});
main().catch(async (error: unknown) => {
	console.error(`\ndev failed: ${error instanceof Error ? error.message : String(error)}`);
	await shutdown();
	process.exit(1);
});
