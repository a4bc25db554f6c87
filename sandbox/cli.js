#!/usr/bin/env node
'use strict';

const { parseArgs } = require('node:util');
const { createSandbox } = require('./index');

const USAGE = `Usage: node sandbox/cli.js [--port N] [--scale N] [--big-attachment-mib N] [--businesses N] [--scale-all-businesses]
                          [--amounts number|string] [--redirect-uri URL]...
                          [--latency-ms N] [--latency-jitter-ms N] [--rate-limit N] [--rate-limit-window S] [--json]

  --port N                port on 127.0.0.1 (default 4010; 0 picks a free one)
  --scale N               dataset size for benchmarks (passed to the dataset)
  --big-attachment-mib N  add an attachment of N MiB to the lead business (benchmarks)
  --businesses N          the user reaches N businesses (default 3; the fourth on are copies of the lead)
  --scale-all-businesses  every business holds --scale sales invoices, not only the lead (benchmarks)
  --amounts number|string send amounts as JSON numbers (default) or as decimal strings ("120.50")
  --redirect-uri URL      register another OAuth callback (repeatable)
  --latency-ms N          every API answer takes N ms (default 0)
  --latency-jitter-ms N   and up to N ms more, at random (default 0)
  --rate-limit N          per business, at most N API requests in any window; more get 429 with Retry-After
  --rate-limit-window S   the window of --rate-limit in seconds (default 60)
  --json                  print one JSON line (urls, client, lead business) instead of the text, for scripts`;

function parseOptions(argv) {
	const { values } = parseArgs({
		args: argv,
		options: {
			port: { type: 'string', default: '4010' },
			scale: { type: 'string' },
			'big-attachment-mib': { type: 'string' },
			businesses: { type: 'string' },
			'scale-all-businesses': { type: 'boolean', default: false },
			amounts: { type: 'string', default: 'number' },
			json: { type: 'boolean', default: false },
			'redirect-uri': { type: 'string', multiple: true, default: [] },
			'latency-ms': { type: 'string' },
			'latency-jitter-ms': { type: 'string' },
			'rate-limit': { type: 'string' },
			'rate-limit-window': { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) return undefined;
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new TypeError(`--port must be 0 to 65535, not ${values.port}`);
	const scale = values.scale === undefined ? undefined : Number(values.scale);
	if (scale !== undefined && !(scale > 0))
		throw new TypeError(`--scale must be a positive number, not ${values.scale}`);
	const bigAttachmentMiB =
		values['big-attachment-mib'] === undefined ? undefined : Number(values['big-attachment-mib']);
	if (bigAttachmentMiB !== undefined && !(bigAttachmentMiB >= 0)) {
		throw new TypeError(`--big-attachment-mib must be a number of MiB, not ${values['big-attachment-mib']}`);
	}
	const businesses = values.businesses === undefined ? undefined : Number(values.businesses);
	if (businesses !== undefined && !(Number.isInteger(businesses) && businesses >= 3))
		throw new TypeError(`--businesses must be a whole number of at least 3, not ${values.businesses}`);
	if (values.amounts !== 'number' && values.amounts !== 'string')
		throw new TypeError(`--amounts must be number or string, not ${values.amounts}`);
	const number = (flag) => {
		const raw = values[flag];
		if (raw === undefined) return undefined;
		const value = Number(raw);
		if (raw.trim() === '' || !Number.isFinite(value) || value < 0)
			throw new TypeError(`--${flag} must be a number of at least 0, not ${raw}`);
		return value;
	};
	const requests = number('rate-limit');
	const windowSeconds = number('rate-limit-window');
	if (windowSeconds !== undefined && requests === undefined)
		throw new TypeError('--rate-limit-window needs --rate-limit');
	return {
		port,
		scale,
		bigAttachmentMiB,
		businesses,
		scaleAllBusinesses: values['scale-all-businesses'],
		amounts: values.amounts,
		redirectUris: values['redirect-uri'],
		json: values.json,
		latencyMs: number('latency-ms'),
		latencyJitterMs: number('latency-jitter-ms'),
		rateLimit: requests === undefined ? undefined : { requests, windowSeconds },
	};
}

function describe(urls, sandbox) {
	const { clientId, clientSecret, redirectUris } = sandbox.client;
	const user = sandbox.dataset.user;
	const rows = (pairs) => pairs.map(([label, value]) => `  ${label.padEnd(18)}${value}`).join('\n');
	return `Accounting Service sandbox (API v3.1) is listening.

Endpoints
${rows([
	['Base URL', urls.baseUrl],
	['Authorization URL', urls.authUrl],
	['Token URL', urls.tokenUrl],
	['Revoke URL', urls.revokeUrl],
])}

Demo OAuth client (a local sandbox: these are not secrets)
${rows([
	['Client ID', clientId],
	['Client secret', clientSecret],
	...redirectUris.map((uri, i) => [i === 0 ? 'Redirect URIs' : '', uri]),
])}

Consent page signs you in as ${user.first_name} ${user.last_name} <${user.email}>.
${networkText(sandbox.network)}
Test controls (JSON, no auth)
${rows([
	['Clock', `GET ${urls.controlUrl}/clock, POST ${urls.controlUrl}/clock/advance {"seconds": 301}`],
	['Faults', `GET|POST|DELETE ${urls.controlUrl}/faults {"kind": "429", "retryAfter": 5}`],
	['Request log', `GET|DELETE ${urls.controlUrl}/log`],
])}

Press Ctrl+C to stop.`;
}

function networkText({ latencyMs, latencyJitterMs, rateLimit }) {
	const latency =
		latencyMs || latencyJitterMs
			? `every API answer takes ${latencyMs} ms${latencyJitterMs ? ` + up to ${latencyJitterMs} ms` : ''}`
			: 'no added latency';
	const limit = rateLimit
		? `at most ${rateLimit.requests} API requests per business in any ${rateLimit.windowSeconds} s (then 429 + Retry-After)`
		: 'no rate limit';
	return `Network: ${latency}; ${limit}.
`;
}

async function main() {
	let options;
	try {
		options = parseOptions(process.argv.slice(2));
	} catch (error) {
		console.error(`${error.message}\n\n${USAGE}`);
		process.exitCode = 2;
		return;
	}
	if (!options) {
		console.log(USAGE);
		return;
	}
	let sandbox;
	try {
		sandbox = createSandbox(options);
	} catch (error) {
		if (!(error instanceof TypeError)) throw error;
		console.error(`${error.message}\n\n${USAGE}`);
		process.exitCode = 2;
		return;
	}
	const urls = await sandbox.start();
	let stopping = false;
	const stop = async (signal) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal}: stopping the sandbox.`);
		await sandbox.stop();
		process.exit(0);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	// Printed only once the signal handlers are in place: a script may stop us as soon as it reads this.
	console.log(
		options.json
			? JSON.stringify({
					urls,
					client: sandbox.client,
					leadBusinessId: sandbox.dataset.leadBusinessId,
					network: sandbox.network,
				})
			: describe(urls, sandbox),
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
