import { connectToSandbox, type RunningSandbox } from './credential';
import { sleep } from './wait';

/** A 429 asks for a second or so at a time; this many waits outlast the 60 s window, whoever fills it. */
const MAX_RATE_LIMIT_WAITS = 90;

function retryAfterMs(response: Response): number {
	const seconds = Number(response.headers.get('retry-after'));
	return (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000;
}

/**
 * Reads the sandbox's API directly, with a grant of its own, to know what the examples should
 * have produced without going through the node under test. An access token that expired (the
 * soak and queue runs use 60 s tokens) is replaced by connecting again.
 */
export class ServiceReader {
	private accessToken: Promise<string> | undefined;

	constructor(
		private readonly baseUrl: string,
		private readonly connect: () => Promise<string>,
	) {}

	/** A reader with its own consent and code exchange, as a second app of the same user. */
	static ofSandbox(sandbox: RunningSandbox): ServiceReader {
		return new ServiceReader(sandbox.urls.baseUrl, async () => {
			const grant = await connectToSandbox(sandbox);
			return String((grant.oauthTokenData as { access_token: string }).access_token);
		});
	}

	async get<T = Record<string, unknown>>(path: string, business?: string): Promise<T> {
		const response = await this.request('GET', path, business);
		if (!response.ok) throw new Error(`sandbox GET ${path}: ${response.status} ${await response.text()}`);
		return (await response.json()) as T;
	}

	/**
	 * A write as someone working in the books makes it, with the same grant (checks that change the
	 * books between a workflow's runs): the answer as it came, for the caller to judge. A 401 (the
	 * token expired) was not processed, so it is sent once more with a new token.
	 */
	async write(
		method: 'POST' | 'PUT' | 'DELETE',
		path: string,
		body: unknown,
		business?: string,
	): Promise<{ status: number; json: unknown }> {
		const response = await this.request(method, path, business, body);
		const text = await response.text();
		return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
	}

	/** A document as the service renders it (`Accept: application/pdf`), without marking it as sent. */
	async pdf(path: string, business?: string): Promise<Buffer> {
		const response = await this.request('GET', `${path}?mark_as_sent=false`, business, undefined, 'application/pdf');
		if (!response.ok) throw new Error(`sandbox GET ${path} as PDF: ${response.status} ${await response.text()}`);
		return Buffer.from(await response.arrayBuffer());
	}

	/** Every record of a list, following `$next` as the service pages it. */
	async all(path: string, business?: string): Promise<Array<Record<string, unknown>>> {
		const records: Array<Record<string, unknown>> = [];
		let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
		while (next) {
			const page: { $items: Array<Record<string, unknown>>; $next: string | null } = await this.get(next, business);
			records.push(...page.$items);
			next = page.$next;
		}
		return records;
	}

	/**
	 * The reader shares the business's rate limit with the workflows it checks, so a 429 (not
	 * processed) is waited out as the service asks and sent again, as any well-behaved client does,
	 * until the 60 s window has room: the workflows checked may keep it full for most of a minute.
	 */
	private async request(
		method: string,
		path: string,
		business?: string,
		body?: unknown,
		accept = 'application/json',
	): Promise<Response> {
		for (let waits = 0; ; waits++) {
			let response = await this.send(method, path, business, body, accept);
			if (response.status === 401) {
				this.accessToken = undefined;
				response = await this.send(method, path, business, body, accept);
			}
			if (response.status !== 429 || waits === MAX_RATE_LIMIT_WAITS) return response;
			await response.arrayBuffer();
			await sleep(retryAfterMs(response));
		}
	}

	private async send(
		method: string,
		path: string,
		business: string | undefined,
		body: unknown,
		accept: string,
	): Promise<Response> {
		this.accessToken ??= this.connect();
		return await fetch(this.baseUrl + path, {
			method,
			headers: {
				authorization: `Bearer ${await this.accessToken}`,
				accept,
				...(business ? { 'x-business': business } : {}),
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
	}
}
