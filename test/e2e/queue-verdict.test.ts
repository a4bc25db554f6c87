import { judge, type QueueFindings } from '../../e2e/queue/verdict';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1) + second * 1000).toISOString();
const api = (second: number, status = 200) => ({
	at: at(second),
	path: '/v3.1/sales_invoices',
	status,
	business: null,
	grantType: null,
	refreshTokenFingerprint: null,
	issuedRefreshFingerprint: null,
});
const token = (grantType: string, spent: string | null, issued: string | null, status = 200) => ({
	...api(0, status),
	path: '/token',
	grantType,
	refreshTokenFingerprint: spent,
	issuedRefreshFingerprint: issued,
});
const execution = (id: string, status: string) => ({
	id,
	workflowId: 'w',
	status,
	mode: 'webhook',
	startedAt: at(0),
	stoppedAt: at(1),
});

/** A run where everything held: two orders, one sent again after worker 1 was killed under it. */
function goodRun(): QueueFindings {
	return {
		plan: { calls: 2, durationMs: 60_000, burst: 2 },
		outcomes: [
			{ key: 'K1', attempts: 1, failures: [], invoice: { id: 'i1', updatedAt: at(1), reference: 'K1' } },
			{ key: 'K2', attempts: 2, failures: ['HTTP 500'], invoice: { id: 'i2', updatedAt: at(2), reference: 'K2' } },
		],
		killed: { worker: 1, held: ['3'] },
		executions: [
			execution('1', 'success'),
			execution('2', 'success'),
			execution('3', 'error'),
			execution('4', 'success'),
		],
		workers: [
			{ started: ['1', '3'], finished: ['1'] },
			{ started: ['2', '4'], finished: ['2', '4'] },
		],
		emissions: [
			{ execution: '5', id: 'i1', updatedAt: at(1) },
			{ execution: '6', id: 'i2', updatedAt: at(2) },
		],
		lastChange: new Map([
			['i1', at(1)],
			['i2', at(2)],
		]),
		references: ['K1', 'K2', 'OTHER'],
		log: [
			token('authorization_code', null, 'a'),
			api(1),
			api(2, 429),
			api(3, 401),
			token('refresh_token', 'a', 'b'),
			api(4),
		],
		leadBusinessId: 'lead',
		trouble: [],
	};
}

describe('the queue run verdict', () => {
	it('a run where everything held has no problems, and 429s and 401s are counted, not failures', () => {
		const verdict = judge(goodRun());
		expect(verdict.problems).toEqual([]);
		expect(verdict.figures).toMatchObject({
			executionsPerWorker: [1, 2],
			killedWorkerHeld: ['3 error'],
			renewals: 1,
			answered429: 1,
			answered401: 1,
			retriedCalls: 1,
		});
	});

	it('an order with two invoices, a token spent twice, a failed execution and a change put out twice are each a problem', () => {
		const run = goodRun();
		run.references.push('K2');
		run.log.push(token('refresh_token', 'a', null, 400));
		run.executions.push(execution('7', 'error'));
		run.emissions.push({ execution: '8', id: 'i1', updatedAt: at(1) });
		const problems = judge(run).problems.join('\n');
		expect(problems).toMatch(/K2 ×2/);
		expect(problems).toMatch(/1 renewals refused/);
		expect(problems).toMatch(/spent twice: a/);
		expect(problems).toMatch(/failed executions: 7 error/);
		expect(problems).toMatch(/put out twice: i1@/);
	});

	it('a killed worker whose execution n8n left running, or a worker that ran nothing, is a problem', () => {
		const run = goodRun();
		run.executions[2] = execution('3', 'running');
		run.workers[1] = { started: [], finished: [] };
		const problems = judge(run).problems.join('\n');
		expect(problems).toMatch(/not all marked by n8n: 3 running/);
		expect(problems).toMatch(/not every worker ran some/);
	});
});
