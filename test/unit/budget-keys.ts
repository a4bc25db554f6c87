import { budgetFor, noteLeadBusiness, useClock } from '../../nodes/AccountingService/state';
import { VirtualClock } from '../harness/virtual-clock';

const BASE = 'https://api.example/v3.1';

describe('one budget per business for the process', () => {
	beforeEach(() => useClock(new VirtualClock()));

	it('the same business shares one budget, whichever credential reads it', () => {
		expect(budgetFor(BASE, 'credential-a', 'business-x')).toBe(budgetFor(BASE, 'credential-b', 'business-x'));
		expect(budgetFor(BASE, 'credential-a', 'business-x')).not.toBe(budgetFor(BASE, 'credential-a', 'business-y'));
		expect(budgetFor(BASE, 'credential-a', 'business-x')).not.toBe(
			budgetFor('https://other/v3.1', 'credential-a', 'business-x'),
		);
	});

	it('each account’s lead business is its own, before and after the service names it', () => {
		const leadOfA = budgetFor(BASE, 'credential-a', undefined);
		const leadOfB = budgetFor(BASE, 'credential-b', undefined);
		expect(leadOfA).not.toBe(leadOfB);
		noteLeadBusiness(BASE, 'credential-a', 'business-x');
		noteLeadBusiness(BASE, 'credential-b', 'business-y');
		// What was counted before the name was known stays counted under the named business.
		expect(budgetFor(BASE, 'credential-a', undefined)).toBe(leadOfA);
		expect(budgetFor(BASE, 'credential-a', 'business-x')).toBe(leadOfA);
		expect(budgetFor(BASE, 'credential-b', 'business-y')).toBe(leadOfB);
		expect(budgetFor(BASE, 'credential-b', undefined)).not.toBe(leadOfA);
	});
});
