// An accountant's access to a client's business, as the test hook sets it: withdrawn (no longer
// listed, every request refused) or lapsed (listed, every request refused), and restored.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

const dataset = buildDataset({ scale: 40 });
const { get } = inProcessApi(dataset);
const listed = async () =>
	((await get('/businesses', '')).json as { $items: Array<{ id: string }> }).$items.map((b) => b.id);

const second = dataset.businesses.find((business: { key: string }) => business.key === 'second')!.id as string;

afterEach(() => dataset.setBusinessAccess(second, 'active'));

it('withdrawn: not listed, its record 404, every request for it 403 BusinessNotAccessible', async () => {
	dataset.setBusinessAccess(second, 'withdrawn');

	expect(await listed()).not.toContain(second);
	expect((await get(`/businesses/${second}`, '')).status).toBe(404);
	const refused = await get('/sales_invoices', second);
	expect(refused.status).toBe(403);
	expect(refused.json).toEqual([
		expect.objectContaining({ $dataCode: 'BusinessNotAccessible', $source: 'X-Business' }),
	]);
	expect((await get('/sales_invoices', '')).status).toBe(200);
});

it('lapsed: still listed, every request for it 403 SubscriptionLapsed; active again answers', async () => {
	dataset.setBusinessAccess(second, 'lapsed');

	expect(await listed()).toContain(second);
	const refused = await get('/contacts', second);
	expect(refused.status).toBe(403);
	expect(refused.json).toEqual([expect.objectContaining({ $dataCode: 'SubscriptionLapsed', $source: 'X-Business' })]);

	dataset.setBusinessAccess(second, 'active');
	expect((await get('/contacts', second)).status).toBe(200);
});

it('the lead business cannot lose its access', () => {
	expect(() => dataset.setBusinessAccess(dataset.leadBusinessId, 'withdrawn')).toThrow(/lead business/);
});
