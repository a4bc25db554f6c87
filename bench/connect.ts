import { connectedStore } from '../test/harness';
import type { SandboxProcess } from './sandbox-process';

/** A credential connected to the sandbox through its consent page, as n8n connects one. */
export const connectToSandbox = async (sandbox: Pick<SandboxProcess, 'urls' | 'client'>) =>
	await connectedStore(sandbox, 'Bench');
