import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { BoundExceeded } from './bounds';
import { isRedirect, redirectTarget } from './redirects';
import { describeFailure } from './retry';
import { redactSecrets, redactValue } from './secrets';

/** An error answer arrives as a stream; its text is small (the service's error array). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

interface StreamLike {
	[Symbol.asyncIterator](): AsyncIterator<unknown>;
	destroy(error?: Error): void;
}

const isStream = (value: unknown): value is StreamLike =>
	!!value && typeof value === 'object' && typeof (value as StreamLike)[Symbol.asyncIterator] === 'function';

async function readText(stream: StreamLike): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream as AsyncIterable<unknown>) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		chunks.push(bytes);
		size += bytes.length;
		if (size > MAX_ERROR_BODY_BYTES) {
			stream.destroy();
			break;
		}
	}
	return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ERROR_BODY_BYTES);
}

/**
 * The failure with a streamed error body (every answer arrives as a stream: bounded-request.ts)
 * read into text, so that the service's own message reaches the user. `watch` is handed the
 * stream first, for the request's deadline to end it.
 */
export async function withBodyRead(error: unknown, watch: (stream: StreamLike) => void = () => {}): Promise<unknown> {
	const failure = (error ?? {}) as HttpFailure;
	for (const response of [failure.cause?.response, failure.response]) {
		if (!response) continue;
		for (const key of ['body', 'data'] as const) {
			const body = response[key];
			if (!isStream(body)) continue;
			watch(body);
			response[key] = await readText(body);
		}
	}
	return error;
}

/** One entry of the service's error body. */
interface ServiceMessage {
	$severity?: string;
	$dataCode?: string;
	$message?: string;
	$source?: string;
}

/** The token and revoke endpoints answer with OAuth's error shape instead. */
interface OAuthError {
	error?: string;
	error_description?: string;
}

const oauthMessage = ({ error, error_description }: OAuthError) =>
	error_description ? `${error_description} (${String(error)})` : String(error);

interface FailedResponse {
	status?: number;
	data?: unknown;
	body?: unknown;
	headers?: Record<string, unknown>;
}

interface HttpFailure {
	httpCode?: string | null;
	message?: string;
	cause?: { response?: FailedResponse };
	response?: FailedResponse;
}

/** What the transport knows about the failed request besides the failure. */
export interface FailedRequest {
	/** Every secret it knows (secrets.ts): none of them leaves in the error, whatever the answer quoted. */
	secrets?: readonly string[];
	/** The URL asked, to place a relative redirect. */
	url?: string;
}

/**
 * Turns whatever the request helper threw into a NodeApiError built only from the service's
 * status and error body. The original error is not passed on: it carries the request options,
 * and with them the bearer token. The answer may quote the request back (its Authorization
 * header, the form it was posted): every known secret is cut from the message, the description
 * and the error array the error keeps (n8n shows that array as the description when there is
 * none, and stores it with the execution).
 */
export function toServiceError(
	node: INode,
	error: unknown,
	itemIndex?: number,
	{ secrets = [], url }: FailedRequest = {},
): NodeApiError {
	// A broken bound of the transport's own says what it is already (bounds.ts).
	if (error instanceof BoundExceeded) return error;
	const failure = (error ?? {}) as HttpFailure;
	const response = failure.cause?.response ?? failure.response;
	const status = response?.status ?? (failure.httpCode ? Number(failure.httpCode) : undefined);
	const messages = redactValue(serviceMessages(response?.data ?? response?.body), secrets);
	const first = messages[0];
	const redact = (text: string) => redactSecrets(text, secrets);

	const { networkCode } = describeFailure(error);
	if (failure.httpCode === 'EAUTH') {
		// n8n 1.x and 2.x before 2.27 pass a refused renewal on as @n8n/client-oauth2's AuthError
		// (httpCode EAUTH, its description of the OAuth error) instead of asking to reconnect.
		return new NodeApiError(node, { status: null } as JsonObject, {
			message: 'The credential needs to be reconnected: the service refused to renew its access token',
			description: failure.message === undefined ? undefined : redact(failure.message),
			itemIndex,
		});
	}
	if (isRedirect(status)) {
		const target = redirectTarget(response?.headers?.location, url);
		return new NodeApiError(node, { status } as JsonObject, {
			message: `The service answered with a redirect (HTTP ${status}), which the node does not follow`,
			description:
				`${target ? `It pointed to ${target}. ` : ''}The node sends its credential only to ` +
				'the URLs configured in the credential (Base URL, Access Token URL, Revoke URL) and follows no redirect: ' +
				'check those URLs and any proxy between n8n and the service.',
			httpCode: String(status),
			itemIndex,
		});
	}
	const message = first?.$message
		? refusalMessage(status, messages)
		: status
			? `The service answered with HTTP ${status}`
			: networkCode
				? `The service could not be reached (${networkCode})`
				: redact(failure.message ?? 'The request failed for an unknown reason');
	// Every entry of the service's error array, each with the attribute it names ($source).
	const description =
		messages.some((entry) => entry.$source) || messages.length > 1 ? messages.map(entryText).join('\n') : '';

	return new NodeApiError(node, { status: status ?? null, errors: messages as unknown as JsonObject[] } as JsonObject, {
		message,
		description: description || undefined,
		httpCode: status ? String(status) : undefined,
		itemIndex,
	});
}

/** `$source: $message`, or the message alone where the service names no source. */
function entryText(entry: ServiceMessage): string {
	const text = String(entry.$message ?? entry.$dataCode ?? '');
	return entry.$source ? `${entry.$source}: ${text}` : text;
}

/**
 * The error's title. A record the service refused (422) is named by what it refused: every
 * `$source: $message` of its error array, so a continued item's error says which attributes.
 * Anything else keeps the service's first message.
 */
function refusalMessage(status: number | undefined, messages: ServiceMessage[]): string {
	if (status !== 422) return String(messages[0].$message);
	const listed = messages.filter((entry) => entry.$message).map(entryText);
	return listed.length > 1 ? `The service refused the record: ${listed.join('; ')}` : listed[0];
}

function serviceMessages(body: unknown): ServiceMessage[] {
	const parsed = typeof body === 'string' ? safeJson(body) : body;
	const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? [parsed] : [];
	return list
		.filter((entry): entry is ServiceMessage & OAuthError => !!entry && typeof entry === 'object')
		.map((entry) =>
			typeof entry.error === 'string'
				? { $dataCode: entry.error, $message: oauthMessage(entry) }
				: { $severity: entry.$severity, $dataCode: entry.$dataCode, $message: entry.$message, $source: entry.$source },
		);
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
