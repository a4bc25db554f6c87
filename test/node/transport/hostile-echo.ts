import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { IncomingMessage } from 'node:http';

import type { WorkflowRunResult } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { credentialSecrets, useGatewayInFront } from '../hostile-service';
import { callTools } from '../tool-sandbox';

const env = useConnectedSandbox();
/** The service as the credential reaches it, through a gateway whose error answers quote the request. */
const front = useGatewayInFront(env, ['baseUrl', 'revokeUrl']);

/** The bearer token the request carried, without its scheme: echoed by value, not only as `Bearer …`. */
const tokenOf = (req: IncomingMessage) => String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

/** The gateway answers the requests `matching` with `status` and the error body `body` makes of the request. */
function echo(
	status: number,
	matching: (url: string) => boolean,
	body: (req: IncomingMessage, form: string) => unknown,
) {
	front.divert = (req, res, form) => {
		if (!matching(req.url ?? '')) return false;
		res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body(req, form)));
		return true;
	};
}

const secrets = () => credentialSecrets(env);

/** Nothing the user, the execution's data or a model reads holds a secret. */
function expectNoSecret(texts: unknown[], known: string[]) {
	const everything = JSON.stringify(texts);
	for (const secret of new Set(known)) expect(everything).not.toContain(secret);
}

function errorTexts(result: WorkflowRunResult): unknown[] {
	const error = result.error as (Error & { description?: unknown; errorResponse?: unknown }) | undefined;
	expect(error).toBeDefined();
	return [error?.message, error?.description, error?.errorResponse, error, result.run.data.resultData];
}

const contactGet = async (): Promise<INodeParameters> => {
	const page = await env.fetchDirect('/contacts?items_per_page=1');
	const id = String((page.body.$items as IDataObject[])[0].id);
	return { resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: id } };
};

describe('An error answer that quotes the credential back does not put it in the error', () => {
	it('Contact → Get: a 400 whose $message and $source quote the Authorization header', async () => {
		const before = secrets();
		echo(
			400,
			(url) => url.includes('/contacts/'),
			(req) => [
				{
					$severity: 'error',
					$dataCode: 'BadHeader',
					$message: `Unexpected header Authorization: ${req.headers.authorization}`,
					$source: `token=${tokenOf(req)}`,
				},
			],
		);
		const result = await env.runNode(await contactGet());
		expectNoSecret(errorTexts(result), [...before, ...secrets()]);
	});

	it('Get Many with Return All: a 400 on a page, one entry without a source, the token quoted without its scheme', async () => {
		const before = secrets();
		echo(
			400,
			(url) => url.includes('/contacts?'),
			(req) => [
				{ $severity: 'error', $dataCode: 'BadRequest', $message: `Your token ${tokenOf(req)} is not valid here` },
			],
		);
		const result = await env.runNode({ resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/Your token \[redacted\] is not valid here/);
		expectNoSecret(errorTexts(result), [...before, ...secrets()]);
	});

	it('a 422 listing several refused attributes, each quoting the token', async () => {
		const before = secrets();
		echo(
			422,
			(url) => url.includes('/contacts/'),
			(req) => [
				{ $severity: 'error', $dataCode: 'Invalid', $message: `bad ${tokenOf(req)}`, $source: 'name' },
				{ $severity: 'error', $dataCode: 'Invalid', $message: 'bad', $source: `${req.headers.authorization}` },
			],
		);
		const result = await env.runNode(await contactGet());
		expectNoSecret(errorTexts(result), [...before, ...secrets()]);
	});

	it('Credential → Revoke: an OAuth error whose error_description quotes the form (client secret, refresh token)', async () => {
		const before = secrets();
		echo(
			400,
			(url) => url.endsWith('/revoke'),
			(_req, form) => ({
				error: 'invalid_request',
				error_description: `could not read ${form} (${decodeURIComponent(form)})`,
			}),
		);
		const result = await env.runNode({ resource: 'credential', operation: 'revoke' });
		expect(result.error?.message).toMatch(/could not read/);
		expectNoSecret(errorTexts(result), [...before, ...secrets()]);
	});

	it('as an AI tool: what the model reads of the error holds no token', async () => {
		const before = secrets();
		echo(
			400,
			(url) => url.includes('/contacts/'),
			(req) => [
				{ $severity: 'error', $dataCode: 'BadHeader', $message: `Authorization: ${req.headers.authorization}` },
			],
		);
		const [call] = await callTools(env, { contact: await contactGet() }, [{ tool: 'contact', arguments: {} }]);
		expect(call.error).toBeTruthy();
		expectNoSecret([call], [...before, ...secrets()]);
	});
});
