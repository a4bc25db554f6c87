// The review brief: the access token appears in no output, even when an answer quotes it back.
// The pages of a read are searched only for `sentSecrets` of the credential view this execution
// read before the request (send.ts, renewal `transport`; credential.ts keeps the view per
// context). n8n signs every request with the credential as stored at that moment: when another
// execution of the process (a trigger polling, a workflow running beside it) renews the
// credential while this read is under way, the read's next pages go out with the new token, and
// a page quoting it was handed on unredacted (the view still names the old one).
//
// Since, the pages of a read go out with the credential the execution read (send.ts signs them
// with it, credential.ts `storedCredential`), until a renewal makes it read it again: the renewed
// token is never sent by this read, and the token the pages did go out with is redacted.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';
import { startServer, type TestServer } from '../hostile-service';
import { listEnvelope } from '../hostile-list';

const env = useConnectedSandbox();
let hostile: TestServer;
let run: (parameters: INodeParameters) => Promise<Awaited<ReturnType<typeof runWorkflow>>>;
/** What another execution does on a page request: renews the stored access token. */
let onPage: (page: number) => void = () => undefined;
const tokensSeen = new Set<string>();
let store: Awaited<ReturnType<typeof connectedStore>>['store'];
let credentialId = '';
/** Pages of 200 read two at once, or pages of one linked by `$next`. */
let sideBySide = false;

const contact = (id: string, token: string): IDataObject => ({
	id,
	displayed_as: `Contact ${id}`,
	name: `Contact ${id}`,
	notes: `signed with ${token}`,
});

beforeAll(async () => {
	// A list of two pages, each record quoting the token its page came with.
	hostile = await startServer((req: IncomingMessage, res) => {
		const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
		tokensSeen.add(token);
		const url = new URL(req.url ?? '/', 'http://hostile');
		const changeCheck = url.searchParams.has('updated_or_created_since') || url.searchParams.has('deleted_since');
		const page = Number(url.searchParams.get('page') ?? '1');
		if (!changeCheck) onPage(page);
		const size = sideBySide ? 200 : 1;
		const items = Array.from({ length: size }, (_, index) => contact(`c${page}-${index}`, token));
		const next = !sideBySide && page === 1 ? '/contacts?page=2' : null;
		const body = changeCheck ? listEnvelope([], 0, null) : listEnvelope(items, 2 * size, next, page);
		res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
		res.end(JSON.stringify(body));
		return true;
	});
	const connected = await connectedStore({
		urls: { ...env.urls, baseUrl: `${hostile.origin}/v3.1` },
		client: env.sandbox.client,
	});
	const { credential } = connected;
	store = connected.store;
	credentialId = credential.id;
	onPage = (page) => {
		// Another execution's renewal lands between the two pages.
		if (page !== 1) return;
		const tokens = store.oauthTokenData(credential.id);
		store.writeOauthTokenData(credential.id, { ...tokens, access_token: randomBytes(48).toString('base64url') });
	};
	run = async (parameters) => await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] });
});
afterAll(async () => {
	await hostile?.close();
});

describe('a read during which another execution renews the credential', () => {
	// Right answer: the page is searched for the token it actually went out with (the one n8n
	// signed it with), so the renewed token is redacted like the first.
	it.each([
		['pages linked by $next', false],
		['pages read side by side', true],
	])('does not put the renewed token in the node’s output (%s)', async (_, together) => {
		sideBySide = together;
		tokensSeen.clear();
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: true, output: 'raw' });
		expect(result.error).toBeUndefined();
		expect(result.json('Accounting Service')).toHaveLength(together ? 400 : 2);
		// The renewal happened between the pages, and every page went out with the token read before it.
		const renewed = String(store.oauthTokenData(credentialId).access_token);
		expect(tokensSeen.has(renewed)).toBe(false);
		expect(tokensSeen.size).toBe(1);
		const shown = JSON.stringify([result.json('Accounting Service'), result.run.data.resultData]);
		expect([...tokensSeen, renewed].filter((token) => shown.includes(token))).toHaveLength(0);
	});
});
