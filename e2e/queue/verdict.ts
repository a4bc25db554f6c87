import {
	emissionsOnce,
	ordersNotOnce,
	refreshChain,
	requestRate,
	type Emission,
	type LoggedRequest,
} from '../scale/evidence';
import type { CallOutcome, LoadPlan } from '../scale/load';
import type { ExecutionSummary } from '../scale/n8n-executions';
import { byStatus } from '../scale/observe';

/** Everything the queue run recorded, gathered after the load. */
export interface QueueFindings {
	plan: LoadPlan;
	outcomes: CallOutcome[];
	killed: { worker: number; held: string[] };
	executions: ExecutionSummary[];
	/** Per worker, the executions its log says it started and finished. */
	workers: Array<{ started: string[]; finished: string[] }>;
	emissions: Emission[];
	lastChange: Map<string, string>;
	/** The reference of every sales invoice in the sandbox at the end. */
	references: string[];
	log: LoggedRequest[];
	leadBusinessId: string;
	/** Lines of n8n's logs about signing, reconnecting or refused renewals. */
	trouble: string[];
}

export interface Verdict {
	figures: Record<string, unknown>;
	lines: string[];
	problems: string[];
}

/** The issue's list of what queue mode must show, checked against what was recorded. */
export function judge(findings: QueueFindings): Verdict {
	const problems: string[] = [];
	const demand = (holds: boolean, problem: string) => {
		if (!holds) problems.push(problem);
	};

	const killedIds = new Set(findings.killed.held);
	const failed = findings.executions.filter(
		(execution) => execution.status !== 'success' && !killedIds.has(execution.id),
	);
	const killedStatus = findings.executions.filter((execution) => killedIds.has(execution.id));
	demand(failed.length === 0, `failed executions: ${failed.map((e) => `${e.id} ${e.status}`).join(', ')}`);
	demand(killedIds.size > 0, 'the killed worker held no execution');
	demand(
		killedStatus.length === killedIds.size && killedStatus.every((execution) => execution.status !== 'running'),
		`the killed worker's executions are not all marked by n8n: ${killedStatus.map((e) => `${e.id} ${e.status}`).join(', ')}`,
	);

	const perWorker = findings.workers.map((worker) => worker.finished.length);
	demand(
		perWorker.every((count) => count > 0),
		`executions per worker ${perWorker.join(' / ')}: not every worker ran some`,
	);

	const unanswered = findings.outcomes.filter((outcome) => !outcome.invoice);
	demand(
		unanswered.length === 0,
		`orders never answered: ${unanswered.map((o) => `${o.key} (${o.failures.at(-1)})`).join('; ')}`,
	);
	const retried = findings.outcomes.filter((outcome) => outcome.attempts > 1);
	const notOnce = ordersNotOnce(
		findings.outcomes.map((outcome) => outcome.key),
		findings.references,
	);
	demand(notOnce.length === 0, `orders without exactly one invoice: ${notOnce.join(', ')}`);

	const chain = refreshChain(findings.log);
	demand(chain.refused === 0, `${chain.refused} renewals refused (invalid_grant)`);
	demand(chain.spentTwice.length === 0, `refresh tokens spent twice: ${chain.spentTwice.join(', ')}`);
	demand(chain.unknownOrigin === 0, `${chain.unknownOrigin} renewals with a refresh token never issued`);
	demand(findings.trouble.length === 0, `n8n logged:\n${findings.trouble.slice(0, 10).join('\n')}`);

	const emitted = emissionsOnce(findings.emissions, findings.lastChange);
	demand(emitted.twice.length === 0, `changes the trigger put out twice: ${emitted.twice.join(', ')}`);
	demand(emitted.missing.length === 0, `changes the trigger never put out: ${emitted.missing.join(', ')}`);
	demand(emitted.unexpected.length === 0, `records put out that did not change: ${emitted.unexpected.join(', ')}`);

	const rate = requestRate(findings.log, (business) => business === null || business === findings.leadBusinessId);
	const figures = {
		calls: findings.outcomes.length,
		retriedCalls: retried.length,
		whySentAgain: retried.map((outcome) => `${outcome.key}: ${outcome.failures.join(' | ')}`),
		executionsByStatus: byStatus(findings.executions),
		executionsPerWorker: perWorker,
		killedWorkerHeld: killedStatus.map((execution) => `${execution.id} ${execution.status}`),
		renewals: chain.renewals,
		refusedRenewals: chain.refused,
		invoicesCreated: findings.outcomes.filter((outcome) => outcome.invoice).length,
		triggerChanges: findings.lastChange.size,
		triggerEmitted: emitted.emitted,
		businessRequests: rate.requests,
		maxRequestsPer60s: rate.maxPerMinute,
		maxServedPer60s: rate.maxServedPerMinute,
		answered429: rate.tooMany,
		answered401: rate.expired,
	};
	const lines = [
		`${figures.calls} orders, ${figures.retriedCalls} sent again after the worker was killed; ${figures.invoicesCreated} invoices, each order's once`,
		`executions ${JSON.stringify(figures.executionsByStatus)}; per worker ${perWorker.join(' / ')}; the killed worker held ${figures.killedWorkerHeld.join(', ')}`,
		`${chain.renewals} renewals, each with a refresh token issued before and spent once; ${chain.refused} refused`,
		`trigger: ${figures.triggerChanges} records changed, ${emitted.emitted} changes put out, none twice`,
		`the business: ${rate.requests} requests; in any 60 s at most ${rate.maxPerMinute} sent, ${rate.maxServedPerMinute} served; ${rate.tooMany} answered 429 and ${rate.expired} 401, all absorbed`,
	];
	return { figures, lines, problems };
}
