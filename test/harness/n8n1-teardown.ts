/**
 * n8n-core 1.x starts a 60 s cleanup interval (not unref'd) when its SSH client manager is first
 * used, which happens for every node execution context; without stopping it jest never exits.
 * 2.x unrefs the timer. Loaded by jest.n8n1.config.js only.
 */
import { Container } from '@n8n/di';
// Not exported from n8n-core's index; mapped to the 1.x copy like every other n8n-core path.
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

afterAll(() => {
	Container.get(SSHClientsManager).onShutdown();
});
