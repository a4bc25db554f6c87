import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useClock } from '../../../nodes/AccountingService/state';
import { VirtualClock } from '../../harness/virtual-clock';
import { useConnectedSandbox, type LogEntry } from '../connected-sandbox';
import { renewElsewhere, tokenEndpoint, untilTokenRequests } from '../token-renewal';

const env = useConnectedSandbox({}, { fresh: true });

const NODE = 'Accounting Service';
const WINNER_WRITES_AFTER_MS = 150;

afterEach(() => useClock(new VirtualClock(() => Date.now())));

/**
 * The transport's clock, which also plays the winning execution's database write: it stores
 * `winner` once the clock has moved WINNER_WRITES_AFTER_MS past the node's refused renewal
 * (seen in the sandbox's log at the first wait after it).
 */
function clockWritingWinnerLate(position: number) {
	const clock = new VirtualClock(() => Date.now());
	const state: { winner?: IDataObject; refusedAt?: number; writtenAt?: number } = {};
	const refused = () =>
		env.sandbox.log
			.entries()
			.slice(position)
			.some((entry: LogEntry) => tokenEndpoint(entry) && entry.status === 400);
	useClock({
		now: () => clock.now(),
		sleep: async (ms) => {
			if (state.refusedAt === undefined && refused()) state.refusedAt = clock.now();
			await clock.sleep(ms);
			const due = state.refusedAt !== undefined && clock.now() - state.refusedAt >= WINNER_WRITES_AFTER_MS;
			if (due && state.winner && state.writtenAt === undefined) {
				env.store.writeOauthTokenData(env.credential.id, state.winner);
				state.writtenAt = clock.now() - state.refusedAt!;
			}
		},
	});
	return state;
}

describe('a lost refresh race whose winner stores its tokens late', () => {
	const operations: Array<[string, INodeParameters]> = [
		['a read of a list (the node’s one renewal)', { resource: 'salesInvoice', operation: 'getAll', limit: 5 }],
		['a Get (n8n’s own renewal)', { resource: 'user', operation: 'get' }],
	];
	it.each(operations)(
		`%s waits for the winner’s tokens stored ${WINNER_WRITES_AFTER_MS} ms after its refusal, and completes`,
		async (_name, parameters) => {
			const stale = env.store.oauthTokenData(env.credential.id) as IDataObject;
			delete stale.n8n_expires_at;
			env.store.writeOauthTokenData(env.credential.id, stale);
			env.sandbox.clock.advance(301);
			// The node's renewal reaches the service after the winner's, with the same refresh token.
			env.sandbox.faults.inject({ kind: 'slow', target: 'token', delayMs: 400 });
			const position = env.sandbox.log.entries().length;
			const race = clockWritingWinnerLate(position);

			const running = env.runNode(parameters);
			await untilTokenRequests(env, position);
			race.winner = await renewElsewhere(env, stale);
			const result = await running;

			expect(result.error).toBeUndefined();
			expect(result.json(NODE).length).toBeGreaterThan(0);
			const grants = env.sandbox.log.entries().slice(position).filter(tokenEndpoint);
			expect(grants.map((entry: LogEntry) => entry.status).sort()).toEqual([200, 400]);
			expect(race.writtenAt).toBeGreaterThanOrEqual(WINNER_WRITES_AFTER_MS);
		},
	);
});
