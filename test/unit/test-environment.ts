import { TestEnvironment } from 'jest-environment-node';

import NoLeaksEnvironment from '../harness/no-leaks-environment';

describe('the test environment', () => {
	it('gives each test file an ordinary global object, whose builtins V8 reaches without an interceptor', async () => {
		const environment = new NoLeaksEnvironment(
			{ globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } } as never,
			{ testPath: __filename, docblockPragmas: {}, console } as never,
		);
		// A contextified global is a proxy: `this` in its context is not the object jest passes around.
		expect(environment.getVmContext()).toBe(environment.global);
		// Node's own teardown: the leak check belongs to the file running this test.
		await TestEnvironment.prototype.teardown.call(environment);
	});
});
