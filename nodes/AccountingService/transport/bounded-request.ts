import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { Deadline, requestBounds, tooLarge, tooSlow, type Destroyable } from './bounds';
import { CREDENTIAL_TYPE, credentialView, type RequestContext } from './credential';
import { withBodyRead } from './errors';
import { quotesSecret, redactValue } from './secrets';
import type { RawResponse } from './send';
import { headerValue, type ApiRequest } from './types';

/**
 * n8n hands a request the execution's cancel signal in place of any signal the request sets
 * (1.x and 2.x: `httpRequestWithAuthentication` takes it from the context it is called on). The
 * request is made on a context whose cancel signal is also the deadline's, so that the deadline
 * aborts it even before the answer's headers arrive. n8n reads the credential it signs with from
 * that context too (1.x and 2.x): each credential read is kept in `signedWith`.
 */
function requestContext(
	context: RequestContext,
	signal: AbortSignal,
	signedWith: ICredentialDataDecryptedObject[],
	signWith?: () => Promise<ICredentialDataDecryptedObject>,
): RequestContext {
	const cancel = (context as Partial<IExecuteFunctions>).getExecutionCancelSignal?.();
	const either = cancel ? AbortSignal.any([cancel, signal]) : signal;
	const getCredentials = async (...args: Parameters<RequestContext['getCredentials']>) => {
		// A copy: n8n may set members on what it signs with (its pre-authentication data).
		const credentials = signWith ? { ...(await signWith()) } : await context.getCredentials(...args);
		signedWith.push(credentials);
		return credentials;
	};
	return Object.create(context, {
		getExecutionCancelSignal: { value: () => either },
		getCredentials: { value: getCredentials },
	}) as RequestContext;
}

/**
 * Makes the request, aborted by `signal`; answers as n8n's request helpers do with
 * `returnFullResponse`. A signed request puts the credential n8n signed it with in `signedWith`.
 */
type Perform = (signal: AbortSignal, signedWith: ICredentialDataDecryptedObject[]) => Promise<unknown>;

/**
 * Through n8n's signed request helper, with the credential: every request to the API. With
 * `signWith`, n8n signs with that credential rather than reading it again from its store (each
 * read there is a database query, a decryption and the resolution of its expressions, about 5 ms
 * of CPU): the pages of a read, which take no renewal from n8n (send.ts) and go out with the
 * credential the execution read, until a renewal makes it read it again (credential.ts).
 */
export const signed =
	(
		context: RequestContext,
		options: IHttpRequestOptions,
		signWith?: () => Promise<ICredentialDataDecryptedObject>,
	): Perform =>
	async (signal, signedWith) =>
		await context.helpers.httpRequestWithAuthentication.call(
			requestContext(context, signal, signedWith, signWith),
			CREDENTIAL_TYPE,
			options,
		);

/**
 * The access token n8n signed with: the credential as stored when the request went out, which
 * another execution may have renewed since this one read it (credential.ts keeps its view).
 */
function signingToken(credentials: ICredentialDataDecryptedObject): string[] {
	const token = (credentials.oauthTokenData as IDataObject | undefined)?.access_token;
	return typeof token === 'string' ? [token] : [];
}

/**
 * Through n8n's plain request helper, which takes the signal from the options: the form posts to
 * the token and revoke endpoints, which carry the app's keys in their body (revoke.ts).
 */
export const unsigned =
	(context: RequestContext, options: IHttpRequestOptions): Perform =>
	async (signal) =>
		await context.helpers.httpRequest({ ...options, abortSignal: signal });

/**
 * One attempt of a request (by default through n8n's signed request helper), bounded in time and size
 * (bounds.ts). The answer always arrives as a stream (`options.encoding` is `stream`): a JSON
 * answer is read here up to its size and parsed as n8n would, a file is handed on through a
 * guard that ends it at its size or when its time is up. A failure's streamed error body is read
 * here too, within the same time. Throws BoundExceeded for a broken bound.
 */
export async function boundedRequest(
	context: RequestContext,
	request: Pick<ApiRequest, 'path' | 'encoding' | 'itemIndex'>,
	options: IHttpRequestOptions,
	perform: Perform = signed(context, options),
	sentSecrets: () => Promise<string[]> = async () => await viewSecrets(context),
): Promise<RawResponse> {
	const file = request.encoding !== undefined;
	const what = { method: options.method ?? 'GET', path: request.path, itemIndex: request.itemIndex };
	const node = context.getNode();
	const ms = file ? requestBounds.fileMs : requestBounds.answerMs;
	const maxBytes = file ? requestBounds.fileBytes : requestBounds.answerBytes;
	const deadline = new Deadline(ms, () => tooSlow(node, { ...what, ms }));
	const overSize = () => tooLarge(node, { ...what, bytes: maxBytes });
	let handedOn = false;
	const signedWith: ICredentialDataDecryptedObject[] = [];
	try {
		const response = (await deadline.race(perform(deadline.signal, signedWith))) as RawResponse;
		const body = response.body;
		// An answer already read (an n8n that mocks requests, as its evaluations do) is as it came.
		if (!isReadable(body)) return response;
		if (Number(headerValue(response.headers, 'content-length')) > maxBytes) {
			body.destroy();
			throw overSize();
		}
		if (request.encoding === 'stream' && response.statusCode >= 200 && response.statusCode < 300) {
			handedOn = true;
			return { ...response, body: guarded(body, deadline, maxBytes, overSize) };
		}
		const bytes = await readAll(deadline.watch(body), maxBytes, overSize);
		if (file) return { ...response, body: bytes, bytes: bytes.length };
		const secrets = [...(await sentSecrets()), ...signedWith.flatMap(signingToken)];
		return parsedWhenRead({ ...response, bytes: bytes.length }, () => withoutSecrets(bytes.toString('utf8'), secrets));
	} catch (error) {
		if (deadline.expired) throw tooSlow(node, { ...what, ms });
		// A broken bound (BoundExceeded) has no body to read and goes on as it is.
		throw await withBodyRead(error, (stream) => deadline.watch(stream));
	} finally {
		if (!handedOn) deadline.clear();
	}
}

/** What n8n hands on as the answer's body with `encoding: 'stream'`: a Node.js readable stream. */
interface Readable extends Destroyable, AsyncIterable<unknown> {
	pipe: unknown;
	push(chunk: unknown, encoding?: BufferEncoding): boolean;
	once(event: 'close', listener: () => void): this;
}

const isReadable = (value: unknown): value is Readable =>
	!!value && typeof (value as Readable).pipe === 'function' && typeof (value as Readable).destroy === 'function';

async function readAll(stream: Readable, maxBytes: number, overSize: () => Error): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		size += bytes.length;
		if (size > maxBytes) {
			stream.destroy();
			throw overSize();
		}
		chunks.push(bytes);
	}
	return Buffer.concat(chunks);
}

/**
 * The answer's JSON (as n8n's request helper makes of it: the parsed value, or the text when it is
 * not JSON), with the access token redacted wherever the answer quotes it back (a record's text, a
 * hostile service or proxy): nothing derived from it (items, execution data, a tool's answer,
 * static data) holds the token. Looked for in the text first, cheaply; only an answer that quotes
 * it is redacted value by value.
 */
function withoutSecrets(text: string, secrets: string[]): unknown {
	const body = parsed(text);
	return quotesSecret(text, secrets) ? redactValue(body, secrets) : body;
}

/**
 * The answer with its JSON parsed (and searched for the token) when its body is first read, not
 * as it arrives: a read of several pages sends its next request first (read.ts).
 */
function parsedWhenRead(response: Omit<RawResponse, 'body'>, parse: () => unknown): RawResponse {
	let body: { value: unknown } | undefined;
	return Object.defineProperty(response, 'body', {
		enumerable: true,
		get: () => (body ??= { value: parse() }).value,
	}) as RawResponse;
}

/** The access token the context's requests go out with (credential.ts): what the transport signs a read's pages with. */
async function viewSecrets(context: RequestContext): Promise<string[]> {
	return await credentialView(context).then(
		(view) => view.sentSecrets,
		() => [],
	);
}

function parsed(text: string): unknown {
	if (text === '') return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/**
 * The file as it arrives, ended with an error once it passes `maxBytes` or its deadline. The
 * stream stays the one n8n handed on, untouched until the operation reads it (a stream that is
 * listened to, or paused, would start flowing, or stay stopped, before its reader is there):
 * what arrives is counted where it enters, at `push`.
 */
function guarded(body: Readable, deadline: Deadline, maxBytes: number, overSize: () => Error): Readable {
	let size = 0;
	const push = body.push.bind(body);
	body.push = (chunk: unknown, encoding?: BufferEncoding) => {
		size += chunk === null || chunk === undefined ? 0 : ((chunk as Buffer).length ?? 0);
		if (size <= maxBytes) return push(chunk, encoding);
		body.destroy(overSize());
		return false;
	};
	deadline.watch(body);
	body.once('close', () => deadline.clear());
	return body;
}
