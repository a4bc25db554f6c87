// Credential → Revoke posts the client secret and a refresh token to the revoke endpoint, and then
// asks the token endpoint to renew with the token revoked. The review brief: those secrets appear
// in no output even when an answer quotes them back, and every read is bounded in bytes and time;
// these two form posts are the only requests that do not go through send().
import type { IDataObject } from 'n8n-workflow';

import { useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';
import { useConnectedSandbox } from '../connected-sandbox';
import { credentialSecrets, useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
const front = useGatewayInFront(env, ['revokeUrl', 'accessTokenUrl']);
let restoreBounds = () => {};
beforeEach(() => {
	front.gateway.received.length = 0;
});
afterEach(() => restoreBounds());

const NODE = 'Accounting Service';
const KiB = 1024;
const revoke = { resource: 'credential', operation: 'revoke' };

/** Every secret a form post carried through the gateway: the client secret, each refresh token revoked or renewed with. */
function secretsPosted(): string[] {
	return front.gateway.received.flatMap((entry) => {
		const form = new URLSearchParams(entry.body);
		return ['client_secret', 'token', 'refresh_token']
			.flatMap((name) => form.getAll(name))
			.filter((value) => value.length >= 8);
	});
}

/** The gateway answers the revoke endpoint's POSTs itself with what `answer` makes of the form. */
function revokeAnswers(answer: (form: string) => unknown) {
	front.divert = (req, res, form) => {
		if (req.method !== 'POST' || !(req.url ?? '').endsWith('/revoke')) return false;
		res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(form)));
		return true;
	};
}

describe('a revoke endpoint that quotes the form back in a 200', () => {
	it.each<[string, (form: string) => unknown]>([
		['an answer without "success", quoting the form', (form) => ({ revoked: form, as_read: decodeURIComponent(form) })],
		[
			'"success" quoting the token revoked',
			(form) => ({ success: `revoked ${new URLSearchParams(form).get('token')}` }),
		],
	])('%s: no secret in the output', async (_case, answer) => {
		const before = credentialSecrets(env);
		revokeAnswers(answer);
		const result = await env.runNode(revoke);

		expect(result.error).toBeUndefined();
		expect(result.json(NODE)[0]).toMatchObject({ revoked: true });
		const shown = JSON.stringify([result.json(NODE), result.run.data.resultData]);
		const known = new Set([...before, ...credentialSecrets(env), ...secretsPosted()]);
		const leaked = [...known].filter((secret) => shown.includes(secret) || shown.includes(encodeURIComponent(secret)));
		expect(leaked).toHaveLength(0);
	});
});

describe('the answers of the revoke and token endpoints are bounded', () => {
	it('a revoke answer larger than the bound is refused, not read whole', async () => {
		restoreBounds = useRequestBounds({ answerBytes: 64 * KiB });
		front.divert = (req, res) => {
			if (req.method !== 'POST' || !(req.url ?? '').endsWith('/revoke')) return false;
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(`{"success":true,"padding":"${'x'.repeat(1024 * KiB)}"}`);
			return true;
		};
		const result = await env.runNode(revoke);
		expect(result.error?.message).toMatch(/larger than/);
	});

	it('a revoke answer that never ends is given up within the time bound', async () => {
		restoreBounds = useRequestBounds({ answerMs: 300 });
		front.divert = (req, res) => {
			if (req.method !== 'POST' || !(req.url ?? '').endsWith('/revoke')) return false;
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.write('{"success":');
			const timer = setInterval(() => res.write(' '), 20);
			res.on('close', () => clearInterval(timer));
			return true;
		};
		// Real time, from above: a run that is not given up within 20 s has no bound at all.
		const outcome = await Promise.race([
			env.runNode(revoke),
			new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000).unref()),
		]);
		expect(outcome).not.toBe('still running');
		expect((outcome as { error?: Error }).error?.message).toMatch(/did not finish answering/);
	});

	it('a token endpoint that answers the check after the revoke with a body larger than the bound: the check is not read whole', async () => {
		restoreBounds = useRequestBounds({ answerBytes: 64 * KiB });
		const refreshTokens: string[] = [];
		front.divert = (req, res, form) => {
			if (req.method !== 'POST' || !(req.url ?? '').endsWith('/token')) return false;
			refreshTokens.push(String(new URLSearchParams(form).get('refresh_token')));
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ access_token: 'a'.repeat(20), refresh_token: 'r'.repeat(1024 * KiB) }));
			return true;
		};
		const result = await env.runNode(revoke);
		// Read whole, the answer's refresh token is revoked again, and its 1 MiB posted to the revoke endpoint.
		const posted = front.gateway.received.filter((entry) => (entry.url ?? '').endsWith('/revoke'));
		expect(posted.every((entry) => entry.body.length < 64 * KiB)).toBe(true);
		expect(refreshTokens.length).toBeGreaterThan(0);
		expect(result.json(NODE)[0] ?? {}).not.toMatchObject({ renewalRefused: true } as IDataObject);
	});
});
