/**
 * Reads the sandbox's API directly, with a token of its own, to know what the examples should
 * have produced without going through the node under test.
 */
export class ServiceReader {
	constructor(
		private readonly baseUrl: string,
		private readonly accessToken: string,
	) {}

	async get<T = Record<string, unknown>>(path: string, business?: string): Promise<T> {
		const response = await fetch(this.baseUrl + path, {
			headers: {
				authorization: `Bearer ${this.accessToken}`,
				accept: 'application/json',
				...(business ? { 'x-business': business } : {}),
			},
		});
		if (!response.ok) throw new Error(`sandbox GET ${path}: ${response.status} ${await response.text()}`);
		return (await response.json()) as T;
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
}
