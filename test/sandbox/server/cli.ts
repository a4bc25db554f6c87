// `npm run sandbox`: starts on the requested port, prints what a developer needs, stops cleanly.
import { spawn, ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { request } from 'undici';

const CLI = join(__dirname, '../../../sandbox/cli.js');

function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string }> {
	const child = spawn(process.execPath, [CLI, ...args]);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	return new Promise((resolve, reject) => {
		child.stdout.on('data', () => {
			if (output.includes('Press Ctrl+C')) resolve({ child, output: () => output });
		});
		child.on('exit', (code) => reject(new Error(`cli exited with ${code}: ${output}`)));
	});
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
	return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

test('prints URLs, demo client, redirect URIs and controls; serves; stops on SIGTERM with code 0', async () => {
	const { child, output } = await startCli(['--port', '0', '--redirect-uri', 'http://localhost:5679/cb']);
	const text = output();
	const baseUrl = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+\/v3\.1)/.exec(text)![1];
	for (const expected of [
		'/oauth2/auth/central',
		'/token',
		'/revoke',
		'sandbox-demo-client',
		'Client secret',
		'http://localhost:5678/rest/oauth2-credential/callback',
		'http://localhost:5679/cb',
		'/__sandbox/clock',
		'/__sandbox/faults',
		'/__sandbox/log',
	]) {
		expect(text).toContain(expected);
	}
	const clock = await request(baseUrl.replace('/v3.1', '/__sandbox/clock'));
	expect(clock.statusCode).toBe(200);
	await clock.body.json();

	const exited = exitCode(child);
	child.kill('SIGTERM');
	expect(await exited).toBe(0);
});

test('a bad flag → usage and exit code 2', async () => {
	const child = spawn(process.execPath, [CLI, '--port', 'abc']);
	let errors = '';
	child.stderr.on('data', (chunk) => (errors += chunk));
	expect(await exitCode(child as ChildProcessWithoutNullStreams)).toBe(2);
	expect(errors).toContain('Usage:');
});

/** The first line the CLI prints (its --json summary); fails if it exits before printing one. */
function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
	return new Promise<string>((resolve, reject) => {
		let output = '';
		child.stdout?.on('data', (chunk) => {
			output += chunk;
			if (output.includes('\n')) resolve(output.split('\n')[0]);
		});
		child.on('exit', (code) => reject(new Error(`cli exited with ${code}`)));
	});
}

test('--json prints one line a script can read, and --big-attachment-mib adds that file', async () => {
	const child = spawn(process.execPath, [CLI, '--port', '0', '--json', '--big-attachment-mib', '2']);
	const line = await firstLine(child);
	const started = JSON.parse(line) as {
		urls: { controlUrl: string };
		client: { clientId: string };
		leadBusinessId: string;
	};
	expect(started.client.clientId).toBe('sandbox-demo-client');
	expect(started.leadBusinessId).toMatch(/^[0-9a-f]{32}$/);
	const exited = exitCode(child);
	child.kill('SIGTERM');
	expect(await exited).toBe(0);

	const { buildDataset } = require('../../../sandbox/data');
	const plain = buildDataset();
	const withBig = buildDataset({ bigAttachmentMiB: 2 });
	expect(withBig.count(withBig.leadBusinessId, 'attachments')).toBe(
		plain.count(plain.leadBusinessId, 'attachments') + 1,
	);
});

test('--amounts takes number or string, and reaches the dataset', async () => {
	const child = spawn(process.execPath, [CLI, '--port', '0', '--amounts', 'text']);
	let errors = '';
	child.stderr.on('data', (chunk) => (errors += chunk));
	expect(await exitCode(child as ChildProcessWithoutNullStreams)).toBe(2);
	expect(errors).toContain('--amounts');

	const { createSandbox } = require('../../../sandbox');
	expect(createSandbox({ amounts: 'string' }).dataset.amounts).toBe('string');
	expect(createSandbox().dataset.amounts).toBe('number');
});

test('--latency-ms, --latency-jitter-ms, --rate-limit and --rate-limit-window reach the sandbox; bad values → usage', async () => {
	const child = spawn(process.execPath, [
		CLI,
		'--port',
		'0',
		'--json',
		'--latency-ms',
		'120',
		'--latency-jitter-ms',
		'30',
		'--rate-limit',
		'2',
		'--rate-limit-window',
		'30',
	]);
	const line = await firstLine(child);
	const started = JSON.parse(line) as { urls: { baseUrl: string }; network: unknown };
	expect(started.network).toEqual({
		latencyMs: 120,
		latencyJitterMs: 30,
		rateLimit: { requests: 2, windowSeconds: 30 },
	});
	// A 401 also takes the latency (the rate limit counts only requests with a valid token).
	const began = performance.now();
	const answer = await request(`${started.urls.baseUrl}/user`);
	await answer.body.dump();
	expect(answer.statusCode).toBe(401);
	expect(performance.now() - began).toBeGreaterThanOrEqual(119);
	const exited = exitCode(child as ChildProcessWithoutNullStreams);
	child.kill('SIGTERM');
	expect(await exited).toBe(0);

	for (const bad of [
		['--latency-ms', '-5'],
		['--rate-limit', '0'],
		['--rate-limit-window', '10'],
		['--latency-jitter-ms', 'x'],
	]) {
		const failing = spawn(process.execPath, [CLI, '--port', '0', ...bad]);
		let errors = '';
		failing.stderr.on('data', (chunk) => (errors += chunk));
		expect(await exitCode(failing as ChildProcessWithoutNullStreams)).toBe(2);
		expect(errors).toContain('Usage:');
	}
});
