// Conformance: attachment files (bytes, sha256, the Accept rule) and the trial balances.
import { createHash } from 'node:crypto';
import { startApi, header, ApiClient } from '../token-helper';

let api: ApiClient;
let attachments: any[];
beforeAll(async () => {
	api = await startApi();
	({ items: attachments } = await api.all('/attachments?items_per_page=200&attributes=all'));
});
afterAll(() => api.stop());

const OCTET = { accept: 'application/octet-stream' };
const MAGIC: Record<string, (head: Buffer) => boolean> = {
	'application/pdf': (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
	'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
	'text/csv': (head) => /^[\x20-\x7e]+,/.test(head.subarray(0, 20).toString('latin1')),
};

async function sha256Of(stream: AsyncIterable<Buffer>): Promise<{ hex: string; size: number; head: Buffer }> {
	const hash = createHash('sha256');
	let size = 0;
	let head = Buffer.alloc(0);
	for await (const chunk of stream) {
		hash.update(chunk);
		if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16)]);
		size += chunk.length;
	}
	return { hex: hash.digest('hex'), size, head };
}

describe('attachment files', () => {
	test('there are several file types and one of several MiB', () => {
		expect(new Set(attachments.map((a) => a.mime_type)).size).toBeGreaterThanOrEqual(3);
		expect(Math.max(...attachments.map((a) => a.file_size))).toBeGreaterThanOrEqual(4 * 1024 * 1024);
		for (const a of attachments) expect(a.$file_path).toBe(`/attachments/${a.id}/file`);
	});

	test('every file downloads with Accept: application/octet-stream as the exact bytes the sandbox holds', async () => {
		const lead = api.dataset.leadBusiness.id;
		for (const attachment of attachments) {
			const response = await api.raw(attachment.$file_path, OCTET);
			expect(response.statusCode).toBe(200);
			expect(response.headers['content-type']).toBe('application/octet-stream');
			expect(Number(response.headers['content-length'])).toBe(attachment.file_size);
			const got = await sha256Of(response.body);
			const file = api.dataset.attachmentFile(lead, attachment.id)!;
			const want = await sha256Of(file.open());
			expect(got.size).toBe(attachment.file_size);
			expect(got.hex).toBe(want.hex);
			expect(MAGIC[attachment.mime_type](got.head)).toBe(true);
			expect(attachment.file_name.endsWith(attachment.file_extension)).toBe(true);
		}
	});

	test('the same file twice is the same bytes', async () => {
		const small = attachments.find((a) => a.mime_type === 'image/png');
		const a = await sha256Of((await api.raw(small.$file_path, OCTET)).body);
		const b = await sha256Of((await api.raw(small.$file_path, OCTET)).body);
		expect(a.hex).toBe(b.hex);
	});

	test.each([
		['no Accept header', {}],
		['Accept: application/json', { accept: 'application/json' }],
		['Accept: */*', { accept: '*/*' }],
		['Accept: application/pdf', { accept: 'application/pdf' }],
	])('%s is refused with 406 and the error body', async (_, headers) => {
		const file = attachments[0].$file_path;
		const response = await api.raw(file, headers);
		expect(response.statusCode).toBe(406);
		const body: any = await response.body.json();
		expect(body[0].$source).toBe('Accept');
		expect(body[0].$severity).toBe('error');
	});

	test('Accept listing application/octet-stream among others is served', async () => {
		const response = await api.raw(attachments[0].$file_path, {
			accept: 'application/json;q=0.5, application/octet-stream',
		});
		expect(response.statusCode).toBe(200);
		await response.body.dump();
	});

	test('an unknown attachment is a 404', async () => {
		const response = await api.raw('/attachments/0123456789abcdef0123456789abcdef/file', OCTET);
		expect(response.statusCode).toBe(404);
		await response.body.dump();
	});
});

const cents = (amount: string) => {
	expect(amount).toMatch(/^\d+\.\d{2}$/);
	return Math.round(Number(amount) * 100);
};
const totals = (rows: any[]) => {
	const sum = (pick: (r: any) => string) => rows.reduce((s, r) => s + cents(pick(r)), 0);
	return {
		openingDebit: sum((r) => r.opening_balance.debit),
		openingCredit: sum((r) => r.opening_balance.credit),
		debit: sum((r) => r.debit),
		credit: sum((r) => r.credit),
		closingDebit: sum((r) => r.closing_balance.debit),
		closingCredit: sum((r) => r.closing_balance.credit),
	};
};

describe('GET /trial_balance', () => {
	test('balances: debits equal credits, opening, period and closing', async () => {
		for (const business of api.dataset.businesses) {
			const reply = await api.get('/trial_balance?from_date=2024-01-01&to_date=2024-12-31', {
				'X-Business': business.id,
			});
			expect(reply.status).toBe(200);
			expect(Object.keys(reply.json)).toEqual(['from_date', 'to_date', 'ledger_accounts']);
			expect(reply.json.from_date).toBe('2024-01-01');
			const t = totals(reply.json.ledger_accounts);
			expect(t.debit).toBeGreaterThan(0);
			expect(t.debit).toBe(t.credit);
			expect(t.openingDebit).toBe(t.openingCredit);
			expect(t.closingDebit).toBe(t.closingCredit);
			for (const row of reply.json.ledger_accounts) {
				expect(row.$path).toBe(`/ledger_accounts/${row.id}`);
				const net = (b: any) => cents(b.debit) - cents(b.credit);
				expect(net(row.closing_balance)).toBe(net(row.opening_balance) + cents(row.debit) - cents(row.credit));
			}
		}
	});

	test("agrees with the business's ledger entries, each transaction of which balances", async () => {
		const { items } = await api.all(
			'/ledger_entries?items_per_page=200&attributes=date,debit,credit,ledger_account,transaction',
		);
		const [from, to] = ['2024-04-01', '2024-09-30'];
		const want = new Map<string, { opening: number; debit: number; credit: number }>();
		const byTransaction = new Map<string, number>();
		for (const e of items) {
			byTransaction.set(
				e.transaction.id,
				(byTransaction.get(e.transaction.id) ?? 0) + Math.round(e.debit * 100) - Math.round(e.credit * 100),
			);
			if (e.date > to) continue;
			const row = want.get(e.ledger_account.id) ?? { opening: 0, debit: 0, credit: 0 };
			const [d, c] = [Math.round(e.debit * 100), Math.round(e.credit * 100)];
			if (e.date < from) row.opening += d - c;
			else {
				row.debit += d;
				row.credit += c;
			}
			want.set(e.ledger_account.id, row);
		}
		const { json } = await api.get(`/trial_balance?from_date=${from}&to_date=${to}`);
		expect(json.ledger_accounts.map((r: any) => r.id).sort()).toEqual([...want.keys()].sort());
		for (const row of json.ledger_accounts) {
			const w = want.get(row.id)!;
			expect(cents(row.debit)).toBe(w.debit);
			expect(cents(row.credit)).toBe(w.credit);
			expect(cents(row.opening_balance.debit) - cents(row.opening_balance.credit)).toBe(w.opening);
		}
		expect(byTransaction.size).toBeGreaterThan(1000);
		expect([...byTransaction.values()].filter((net) => net !== 0)).toEqual([]);
	});

	test.each([
		['missing from_date', 'to_date=2024-12-31', 'from_date'],
		['missing to_date', 'from_date=2024-01-01', 'to_date'],
		['a malformed from_date', 'from_date=01-01-2024&to_date=2024-12-31', 'from_date'],
		['an impossible to_date', 'from_date=2024-01-01&to_date=2024-02-30', 'to_date'],
		['from_date after to_date', 'from_date=2024-12-31&to_date=2024-01-01', 'to_date'],
	])('%s is refused with 400 naming the parameter', async (_, query, source) => {
		for (const path of ['/trial_balance', '/test/trial_balance']) {
			const reply = await api.get(`${path}?${query}`);
			expect(reply.status).toBe(400);
			expect(reply.json[0].$source).toBe(source);
		}
	});
});

describe('GET /test/trial_balance', () => {
	test('is a static, balanced sample, the same for any business and period', async () => {
		const a = await api.get('/test/trial_balance?from_date=2024-01-01&to_date=2024-12-31');
		const other = api.dataset.businesses.find((b) => !b.lead)!;
		const b = await api.get('/test/trial_balance?from_date=2019-01-01&to_date=2019-03-31', { 'X-Business': other.id });
		expect(a.status).toBe(200);
		expect(b.json.ledger_accounts).toEqual(a.json.ledger_accounts);
		expect(b.json.from_date).toBe('2019-01-01');
		const t = totals(a.json.ledger_accounts);
		expect(t.debit).toBe(t.credit);
		expect(t.closingDebit).toBe(t.closingCredit);
		const real = await api.get('/trial_balance?from_date=2024-01-01&to_date=2024-12-31');
		const realIds = new Set(real.json.ledger_accounts.map((r: any) => r.id));
		expect(a.json.ledger_accounts.some((r: any) => realIds.has(r.id))).toBe(false);
		expect(header(b, 'x-business')).toBe(other.id);
	});
});
