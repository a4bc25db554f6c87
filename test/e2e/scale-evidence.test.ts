import { emissionsOnce, refreshChain, requestRate, type LoggedRequest } from '../../e2e/scale/evidence';

const request = (fields: Partial<LoggedRequest>): LoggedRequest => ({
	at: '2026-01-01T00:00:00.000Z',
	path: '/v3.1/sales_invoices',
	status: 200,
	business: null,
	grantType: null,
	refreshTokenFingerprint: null,
	issuedRefreshFingerprint: null,
	...fields,
});
const exchange = (issued: string) =>
	request({ path: '/token', grantType: 'authorization_code', issuedRefreshFingerprint: issued });
const renewal = (spent: string, issued: string | null, status = 200) =>
	request({
		path: '/token',
		grantType: 'refresh_token',
		refreshTokenFingerprint: spent,
		issuedRefreshFingerprint: issued,
		status,
	});

describe('refreshChain', () => {
	it('an unbroken chain: each renewal spends the token the one before issued', () => {
		expect(refreshChain([exchange('a'), renewal('a', 'b'), request({}), renewal('b', 'c')])).toEqual({
			renewals: 2,
			refused: 0,
			spentTwice: [],
			unknownOrigin: 0,
		});
	});

	it('a token spent twice is reported, and its refusal counted', () => {
		const chain = refreshChain([exchange('a'), renewal('a', 'b'), renewal('a', null, 400), renewal('b', 'c')]);
		expect(chain).toMatchObject({ renewals: 2, refused: 1, spentTwice: ['a'] });
	});

	it('a renewal with a token the log never saw issued is counted', () => {
		expect(refreshChain([renewal('x', 'y')]).unknownOrigin).toBe(1);
	});
});

describe('requestRate', () => {
	const at = (seconds: number, fields: Partial<LoggedRequest> = {}) =>
		request({ at: new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString(), ...fields });

	it('counts the most requests of the business in any 60 s, served and refused, and its 429s and 401s', () => {
		const entries = [at(0), at(10, { status: 401 }), at(59.9, { status: 429 }), at(60), at(61), at(200)];
		expect(requestRate([...entries, at(5, { business: 'other' })], (business) => business === null)).toEqual({
			requests: 6,
			maxPerMinute: 4,
			maxServedPerMinute: 2,
			tooMany: 1,
			expired: 1,
		});
	});

	it('leaves out the token endpoint and other businesses', () => {
		const entries = [at(0, { path: '/token' }), at(1, { business: 'other' }), at(2)];
		expect(requestRate(entries, (business) => business === null)).toMatchObject({ requests: 1, maxPerMinute: 1 });
	});
});

describe('emissionsOnce', () => {
	const changed = new Map([
		['i1', 't2'],
		['i2', 't1'],
	]);

	it('each change once, an earlier state of a record too: nothing reported', () => {
		const emissions = [
			{ execution: '1', id: 'i1', updatedAt: 't1' },
			{ execution: '2', id: 'i1', updatedAt: 't2' },
			{ execution: '2', id: 'i2', updatedAt: 't1' },
		];
		expect(emissionsOnce(emissions, changed)).toEqual({ emitted: 3, twice: [], missing: [], unexpected: [] });
	});

	it('a change put out by two executions, a last state never put out, and a record nothing changed', () => {
		const emissions = [
			{ execution: '1', id: 'i1', updatedAt: 't1' },
			{ execution: '2', id: 'i1', updatedAt: 't1' },
			{ execution: '2', id: 'i2', updatedAt: 't1' },
			{ execution: '3', id: 'old', updatedAt: 't0' },
		];
		expect(emissionsOnce(emissions, changed)).toEqual({
			emitted: 3,
			twice: ['i1@t1'],
			missing: ['i1@t2'],
			unexpected: ['old'],
		});
	});

	it('one execution that ran twice (a retried job) is still one emission', () => {
		const emissions = [
			{ execution: '7', id: 'i2', updatedAt: 't1' },
			{ execution: '7', id: 'i2', updatedAt: 't1' },
		];
		expect(emissionsOnce(emissions, new Map([['i2', 't1']])).twice).toEqual([]);
	});
});
