import { createApi } from '../../sandbox/api';
import type { buildDataset } from '../../sandbox/data';

type Dataset = ReturnType<typeof buildDataset>;

/**
 * The sandbox's API called in process, as its HTTP server calls it after the bearer check: one
 * request (`call`), a GET, and every item of a list following `$next` (a page that is not a 200
 * fails the test, naming the page). The lead business when none is named.
 */
export function inProcessApi(dataset: Dataset) {
	const handler = createApi({ dataset, clock: dataset.clock });
	const call = (method: string, path: string, business: string = dataset.leadBusinessId, body?: unknown) => {
		const [p, q = ''] = path.split('?');
		return handler.handle({
			method,
			path: p,
			query: new URLSearchParams(q),
			headers: { 'x-business': business },
			body,
			auth: { userId: dataset.user.id, scope: 'full_access' },
		});
	};
	const get = (path: string, business?: string) => call('GET', path, business);
	async function all(path: string, business?: string): Promise<any[]> {
		const items: any[] = [];
		let next: string | null = `${path}${path.includes('?') ? '&' : '?'}items_per_page=200`;
		while (next) {
			const reply = await get(next, business);
			expect([next, reply.status]).toEqual([next, 200]);
			items.push(...reply.json.$items);
			next = reply.json.$next;
		}
		return items;
	}
	return { call, get, all };
}
