/**
 * What the package costs every n8n editor that has it installed (issue 43): n8n 2.41.1 started
 * without the package and with it (and, given `--before <tarball>`, with an earlier build of it),
 * all at once on ports of their own, the same workflow of n8n's own nodes imported into each.
 *
 * - Bytes: the node types the editor downloads, from n8n's own endpoint (`/types/nodes.json`),
 *   as JSON and as gzip on the wire (what a browser asking for gzip receives).
 * - Time: from opening the workflow in headless Chromium (a full page load, the browser's cache
 *   off, so every load downloads and parses the node types as a first visit does) to its nodes
 *   drawn on the canvas, measured in the page (`performance.now()` at the first animation frame
 *   that shows them all). The runs alternate between the instances, so the machine's load,
 *   which on a shared machine comes and goes, falls on each alike; one load of each first,
 *   not counted, warms n8n and the browser.
 *
 * n8n, its install and Chromium are the e2e's (e2e/install-n8n.ts, e2e/chromium.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, ensureChromium, signIn } from '../e2e/chromium';
import { N8N_VERSION } from '../e2e/config';
import { ensureN8n, type N8nInstall } from '../e2e/install-n8n';
import { importWorkflows } from '../e2e/n8n-cli';
import { instanceFolders } from '../e2e/n8n-env';
import { createOwner, startN8n, type N8nServer } from '../e2e/n8n-server';
import { freePort } from '../e2e/ports';
import { buildPackage, packPackage, unpackInto } from '../e2e/stage-package';
import { median } from './measure';

/** The goal of issue 43: opening a workflow takes at most this many times as long with the package. */
export const EDITOR_LOAD_GOAL = 1.05;

/** The prefix n8n gives the package's types when it loads them from N8N_CUSTOM_EXTENSIONS. */
const CUSTOM_PREFIX = 'CUSTOM.';

/** A workflow of n8n's own nodes only, so every instance opens the very same one. */
const WORKFLOW_ID = 'editorLoadBench01';
const WORKFLOW = {
	id: WORKFLOW_ID,
	name: 'Editor load',
	nodes: [
		node('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
		node('Edit Fields', 'n8n-nodes-base.set', 3.4, 1, {
			assignments: { assignments: [{ id: 'a1', name: 'total', value: '={{ 1 + 1 }}', type: 'number' }] },
		}),
		node('If', 'n8n-nodes-base.if', 2.2, 2, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: 'c1',
						leftValue: '={{ $json.total }}',
						rightValue: 1,
						operator: { type: 'number', operation: 'gt' },
					},
				],
				combinator: 'and',
			},
		}),
		node('Code', 'n8n-nodes-base.code', 2, 3, { jsCode: 'return $input.all();' }),
		node('No Operation', 'n8n-nodes-base.noOp', 1, 4, {}),
	],
	connections: Object.fromEntries(
		[
			['Manual Trigger', 'Edit Fields'],
			['Edit Fields', 'If'],
			['If', 'Code'],
			['Code', 'No Operation'],
		].map(([from, to]) => [from, { main: [[{ node: to, type: 'main', index: 0 }]] }]),
	),
	settings: { executionOrder: 'v1' },
	active: false,
};

function node(name: string, type: string, typeVersion: number, index: number, parameters: object) {
	return { id: `node-${index}`, name, type, typeVersion, position: [index * 220, 0], parameters };
}

export interface EditorVariant {
	label: string;
	/** The package's tarball to install; none for n8n alone. */
	tarball?: string;
}

export interface NodeTypesBytes {
	/** Node types n8n serves, the package's among them. */
	types: number;
	json: number;
	gzip: number;
	/** Whether n8n itself compressed the answer (else `gzip` is the JSON gzipped here, level 6). */
	servedGzip: boolean;
	/** The package's types (the node, its tool variant, the trigger): name and JSON bytes. */
	packageTypes: Array<{ name: string; bytes: number }>;
}

export interface EditorVariantResult {
	label: string;
	bytes: NodeTypesBytes;
	loadsMs: number[];
	medianMs: number;
	cpuMs: number[];
	medianCpuMs: number;
}

export interface EditorLoad {
	n8nVersion: string;
	runs: number;
	results: EditorVariantResult[];
}

interface Instance {
	variant: EditorVariant;
	server: N8nServer;
	session: string;
	context?: BrowserContext;
}

/** One opening of the workflow: wall time to the canvas drawn, and the CPU time of the page's renderer meanwhile. */
interface Load {
	ms: number;
	cpuMs: number;
}

/** GET with the session, the body's bytes as they came over the wire and whether n8n gzipped them. */
function getRaw(url: string, session: string, gzip: boolean): Promise<{ body: Buffer; encoding?: string }> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{ headers: { cookie: session, ...(gzip ? { 'accept-encoding': 'gzip' } : { 'accept-encoding': 'identity' }) } },
			(response) => {
				if (response.statusCode !== 200) {
					reject(new Error(`${url} answered ${response.statusCode}`));
					response.resume();
					return;
				}
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
				);
				response.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end();
	});
}

async function nodeTypesBytes(server: N8nServer, session: string): Promise<NodeTypesBytes> {
	const url = `${server.url}/types/nodes.json`;
	const plain = await getRaw(url, session, false);
	const compressed = await getRaw(url, session, true);
	const servedGzip = compressed.encoding === 'gzip';
	const types = JSON.parse(plain.body.toString('utf8')) as Array<{ name: string }>;
	return {
		types: types.length,
		json: plain.body.length,
		gzip: servedGzip ? compressed.body.length : gzipSync(plain.body, { level: 6 }).length,
		servedGzip,
		packageTypes: types
			.filter((type) => type.name.startsWith(CUSTOM_PREFIX))
			.map((type) => ({ name: type.name, bytes: Buffer.byteLength(JSON.stringify(type), 'utf8') })),
	};
}

async function startInstance(install: N8nInstall, variant: EditorVariant, root: string): Promise<Instance> {
	const folder = join(root, variant.label.replace(/\W+/g, '-'));
	const instance = instanceFolders(folder, { port: await freePort(), brokerPort: await freePort() });
	mkdirSync(instance.extensionsDir, { recursive: true });
	if (variant.tarball) await unpackInto(variant.tarball, instance.extensionsDir);
	const workflows = join(folder, 'workflows');
	mkdirSync(workflows, { recursive: true });
	writeFileSync(join(workflows, `${WORKFLOW_ID}.json`), JSON.stringify(WORKFLOW));
	await importWorkflows(install, instance, workflows);
	const server = await startN8n(install, instance, folder);
	const session = await createOwner(server.url);
	return { variant, server, session };
}

/** A browser context of its own for the instance, signed in; its pages are opened per load. */
async function signedIn(browser: Browser, instance: Instance): Promise<BrowserContext> {
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
	const page = await context.newPage();
	await signIn(page, instance.server.url);
	await page.close();
	return context;
}

/** CPU seconds of the page's renderer process so far (Chromium's ProcessTime). */
async function processSeconds(cdp: CDPSession): Promise<number> {
	const { metrics } = await cdp.send('Performance.getMetrics');
	return metrics.find((metric) => metric.name === 'ProcessTime')?.value ?? 0;
}

/**
 * Opens the workflow in a new page, its cache off (so the node types are downloaded and parsed as
 * on a first visit), and closes it: the page's time, from the navigation's start, when all its
 * nodes are drawn, and the CPU time its renderer spent. No other page is open meanwhile, so the
 * renderer is the load's own.
 */
async function loadWorkflow(context: BrowserContext, url: string): Promise<Load> {
	const page = await context.newPage();
	try {
		const cdp = await context.newCDPSession(page);
		await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
		await cdp.send('Performance.enable');
		const before = await processSeconds(cdp);
		await page.goto(`${url}/workflow/${WORKFLOW_ID}`, { waitUntil: 'commit' });
		const drawn = await page.waitForFunction(
			(count) => {
				// Runs in the page; the bench's types have no DOM.
				const { document } = globalThis as unknown as {
					document: { querySelectorAll(selector: string): ArrayLike<unknown> };
				};
				const nodes = document.querySelectorAll('[data-test-id="canvas-node"]').length;
				return nodes >= count ? performance.now() : false;
			},
			WORKFLOW.nodes.length,
			{ polling: 'raf', timeout: 180_000 },
		);
		const ms = (await drawn.jsonValue()) as number;
		const after = await processSeconds(cdp);
		// Navigating from the blank page may move it to a new renderer, which counts from zero.
		return { ms, cpuMs: (after >= before ? after - before : after) * 1000 };
	} finally {
		await page.close();
	}
}

export async function measureEditorLoad(
	variants: EditorVariant[],
	runs: number,
	log: (line: string) => void,
): Promise<EditorLoad> {
	await ensureChromium();
	const install = await ensureN8n();
	const root = mkdtempSync(join(tmpdir(), 'bench-editor-'));
	const instances: Instance[] = [];
	let browser: Browser | undefined;
	try {
		for (const variant of variants) {
			log(`n8n ${N8N_VERSION} ${variant.label}: starting`);
			instances.push(await startInstance(install, variant, root));
		}
		const bytes = new Map<Instance, NodeTypesBytes>();
		for (const instance of instances) bytes.set(instance, await nodeTypesBytes(instance.server, instance.session));
		browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
		for (const instance of instances) {
			instance.context = await signedIn(browser, instance);
			const warm = await loadWorkflow(instance.context, instance.server.url);
			log(`${instance.variant.label}: warm-up load ${warm.ms.toFixed(0)} ms (not counted)`);
		}
		const loads = new Map<Instance, Load[]>(instances.map((instance) => [instance, []]));
		for (let run = 0; run < runs; run++) {
			// Alternating, and each round in the other order, so neither always follows the other.
			const order = run % 2 ? [...instances].reverse() : instances;
			for (const instance of order) {
				const load = await loadWorkflow(instance.context!, instance.server.url);
				loads.get(instance)!.push(load);
				log(
					`run ${run + 1} ${instance.variant.label}: ${load.ms.toFixed(0)} ms, renderer CPU ${load.cpuMs.toFixed(0)} ms`,
				);
			}
		}
		return {
			n8nVersion: N8N_VERSION,
			runs,
			results: instances.map((instance) => {
				const measured = loads.get(instance)!;
				const loadsMs = measured.map((load) => load.ms);
				const cpuMs = measured.map((load) => load.cpuMs);
				return {
					label: instance.variant.label,
					bytes: bytes.get(instance)!,
					loadsMs,
					medianMs: median(loadsMs),
					cpuMs,
					medianCpuMs: median(cpuMs),
				};
			}),
		};
	} finally {
		await browser?.close().catch(() => undefined);
		for (const instance of instances) await instance.server.service.stop();
		rmSync(root, { recursive: true, force: true });
	}
}

/** The package as it is in this repository, built and packed as a user would install it. */
export async function packThisPackage(log: (line: string) => void): Promise<string> {
	log('build and npm pack');
	await buildPackage();
	const destination = mkdtempSync(join(tmpdir(), 'bench-pack-'));
	return (await packPackage(destination)).tarball;
}

const kb = (bytes: number) => `${(bytes / 1000).toLocaleString('en', { maximumFractionDigits: 0 })} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Problems to warn about: the goal of issue 43 missed by the package as it is (the second variant). */
export function editorLoadProblems(load: EditorLoad): string[] {
	const [without, withPackage] = load.results;
	const ratio = withPackage.medianMs / without.medianMs;
	return ratio > EDITOR_LOAD_GOAL
		? [`opening a workflow takes ${ratio.toFixed(2)}× as long with the package (goal ≤ ${EDITOR_LOAD_GOAL}×)`]
		: [];
}

export function editorLoadMarkdown(load: EditorLoad, alone: string): string {
	const [without] = load.results;
	const times = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
	const widest = (of: (result: EditorVariantResult) => number[]) =>
		Math.max(...load.results.map((result) => Math.max(...of(result)) - Math.min(...of(result))));
	const lines = [
		`## The editor with and without the package (n8n ${load.n8nVersion}, headless Chromium)`,
		'',
		`n8n ${load.n8nVersion} without the package and with it, each instance running at the same time on its own port, the same workflow of five of n8n's own nodes imported into each.${alone}`,
		'',
		'**Bytes**: `/types/nodes.json`, the node types every editor page downloads, from n8n itself; gzip is what n8n sends a browser that accepts it. n8n serves the node twice, as itself and as its AI tool variant.',
		'',
		'| n8n | Node types | JSON | gzip | The package’s types (JSON) |',
		'|---|---|---|---|---|',
		...load.results.map((result) => {
			const own = result.bytes.packageTypes.reduce((sum, type) => sum + type.bytes, 0);
			const types = result.bytes.packageTypes
				.map((type) => `\`${type.name.slice(CUSTOM_PREFIX.length)}\` ${kb(type.bytes)}`)
				.join(', ');
			return `| ${result.label} | ${result.bytes.types} | ${kb(result.bytes.json)} | ${kb(result.bytes.gzip)}${result.bytes.servedGzip ? '' : ' (gzipped here)'} | ${own ? `${kb(own)}: ${types}` : '—'} |`;
		}),
		'',
		`**Time**: opening the workflow (a full page load with the browser's cache off, so the node types are downloaded and parsed as on a first visit) until its five nodes are drawn on the canvas, in the page's own clock; and the CPU time the page's renderer process spent meanwhile (Chromium's ProcessTime; a new page per load, no other open), which the other processes' load changes less than the wall time. Median of ${load.runs}; the runs alternate between the instances, each round in the other order, because the machine is shared and busy: its load falls on each alike. One load of each before, not counted.`,
		'',
		'| n8n | Open the workflow (median) | Each load (ms) | × without | Renderer CPU (median) | Each load (ms) | × without |',
		'|---|---|---|---|---|---|---|',
		...load.results.map(
			(result) =>
				`| ${result.label} | ${ms(result.medianMs)} | ${times(result.loadsMs)} | ${(result.medianMs / without.medianMs).toFixed(2)}× | ${ms(result.medianCpuMs)} | ${times(result.cpuMs)} | ${(result.medianCpuMs / without.medianCpuMs).toFixed(2)}× |`,
		),
		'',
		`One instance's loads spread over up to ${ms(widest((result) => result.loadsMs))} of wall time and ${ms(widest((result) => result.cpuMs))} of CPU time: a difference between the medians smaller than that is the machine's, not the package's. Goal: the package as it is ≤ ${EDITOR_LOAD_GOAL}× the time without it.`,
		'',
	];
	return lines.join('\n');
}
