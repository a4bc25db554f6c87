import { PRODUCTION_ENDPOINTS } from '../../credentials/AccountingServiceOAuth2Api.credentials';
import { outputOf, type RunData } from '../n8n-cli';
import { expect, runOf, type CheckContext, type ExampleCheck, type LogEntry } from './types';

/** The example's HTTP Request node and the request it makes. */
const NODE = 'GET /contact_payments';
const EXAMPLE_PATH = '/contact_payments';

/**
 * The path the e2e sends through the example's node: the example's own, now that the sandbox serves
 * /contact_payments (were it another, the check would say when the example's path is served).
 */
const SANDBOX_PATH: string = EXAMPLE_PATH;

/** A little more than the sandbox's access-token lifetime (300 s). */
const EXPIRE_SECONDS = 301;

interface ListPage {
	$total: number;
	$items: Array<{ id: string }>;
}

const API = '/v3.1';
const ids = (page: ListPage) => page.$items.map((item) => item.id).join(',');

function pageOf(run: RunData): ListPage {
	const items = outputOf(run, NODE);
	expect(items.length === 1, `${NODE} put out ${items.length} items; the service's JSON is one`);
	return items[0].json as unknown as ListPage;
}

type TokenLogEntry = LogEntry & {
	refreshTokenFingerprint?: string | null;
	issuedRefreshFingerprint?: string | null;
	issuedAccessFingerprint?: string | null;
};

/**
 * The access token the credential held before request `before`: the imported one, or the last of
 * the renewals that followed it (each spends the refresh token the one before issued). With
 * short-lived tokens (the soak's minute) the node's earlier executions may have renewed it.
 */
function credentialToken(entries: TokenLogEntry[], imported: string | undefined, before: number): string | undefined {
	const grants = entries.filter((entry) => entry.seq < before && entry.status === 200 && entry.grantType);
	let link = grants.find((entry) => entry.issuedAccessFingerprint === imported);
	let token = imported;
	while (link) {
		const spent = link.issuedRefreshFingerprint;
		link = grants.find((entry) => entry.grantType === 'refresh_token' && entry.refreshTokenFingerprint === spent);
		if (link?.issuedAccessFingerprint) token = link.issuedAccessFingerprint;
	}
	return token;
}

/**
 * Example 5, the escape hatch: an HTTP Request node with the credential as its predefined
 * credential type. The sandbox's log shows what n8n sent: the bearer token of the imported
 * credential, and once that has expired, a renewal with its refresh token and the request
 * repeated with the new token.
 */
async function check(context: CheckContext): Promise<string> {
	const { reader, sandbox, importedTokenFingerprint, executeAgain } = context;
	expect(
		importedTokenFingerprint !== undefined && executeAgain !== undefined,
		'this check needs the imported token and a second run',
	);
	const logPath = API + SANDBOX_PATH;
	// Its GETs: the payment example posts to the same path before.
	const toPath = (entries: LogEntry[]) => entries.filter((entry) => entry.method === 'GET' && entry.path === logPath);

	// First run: the credential's own token, the service's page as it is.
	const [sent, ...more] = toPath(sandbox.log.entries());
	const current = sent ? credentialToken(sandbox.log.entries(), importedTokenFingerprint, sent.seq) : undefined;
	expect(
		sent !== undefined && more.length === 0,
		`n8n sent ${more.length + (sent ? 1 : 0)} requests to ${logPath}, expected one`,
	);
	expect(sent.status === 200, `GET ${logPath} answered ${sent.status}`);
	expect(
		sent.auth === 'bearer' && sent.tokenFingerprint === current,
		`GET ${logPath} carried ${sent.auth} token ${sent.tokenFingerprint}, not the credential's ${current}`,
	);
	const expected = await reader.get<ListPage>(SANDBOX_PATH);
	const page = pageOf(runOf(context));
	expect(
		page.$total === expected.$total && ids(page) === ids(expected),
		`${NODE} returned ${page.$items.length} of ${page.$total} records (${ids(page)}); the service has ${ids(expected)} of ${expected.$total}`,
	);
	const exampleServed =
		SANDBOX_PATH !== EXAMPLE_PATH &&
		(await reader.get(EXAMPLE_PATH).then(
			() => true,
			() => false,
		));

	// Second run after the access token expired: 401, renewal, the same request with the new token.
	const seqBefore = Math.max(0, ...sandbox.log.entries().map((entry) => entry.seq));
	sandbox.clock.advance(EXPIRE_SECONDS);
	const again = await executeAgain();
	const later = sandbox.log.entries().filter((entry) => entry.seq > seqBefore);
	const [refused, retried, ...extra] = toPath(later);
	const renewal = later.filter((entry) => entry.grantType === 'refresh_token');
	expect(
		refused?.status === 401 && refused.tokenFingerprint === current,
		`after ${EXPIRE_SECONDS} s the first request was ${refused?.status} with token ${refused?.tokenFingerprint}; expected 401 with the expired ${current}`,
	);
	expect(
		renewal.length === 1 && renewal[0].status === 200 && renewal[0].seq > refused.seq,
		`n8n renewed ${renewal.length} times (${renewal.map((entry) => entry.status).join(', ')}); expected one renewal after the 401`,
	);
	expect(
		retried?.status === 200 && retried.seq > renewal[0].seq && extra.length === 0,
		`after the renewal: ${[retried, ...extra].map((entry) => entry?.status).join(', ')}; expected one 200`,
	);
	expect(
		retried.tokenFingerprint !== null && retried.tokenFingerprint !== current,
		'the repeated request did not carry a new token',
	);
	expect(ids(pageOf(again)) === ids(page), `the second run returned other records: ${ids(pageOf(again))}`);

	const switchHint = exampleServed ? `; the sandbox now serves ${EXAMPLE_PATH}: set SANDBOX_PATH to it` : '';
	return (
		`GET ${SANDBOX_PATH}: 200 with the credential's bearer token (${current}), ${page.$items.length} of ${page.$total} records equal to the service's; ` +
		`${EXPIRE_SECONDS} s later: 401, refresh_token renewal, 200 with a new token (${retried.tokenFingerprint})${switchHint}`
	);
}

export const customApiCallCheck: ExampleCheck = {
	workflowId: 'acctCustomApiCall',
	runs: 'execute',
	settings: {},
	// On the production base URL, as in the example; the e2e moves it to the sandbox's.
	nodeParameters: { [NODE]: { url: PRODUCTION_ENDPOINTS.baseUrl + SANDBOX_PATH } },
	check,
};
