import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { name as PACKAGE_NAME } from '../../package.json';
import { AccountingServiceProbe } from './fixtures/AccountingServiceProbe.node';

export { PACKAGE_NAME };

/**
 * Where the real node's TypeScript source lives. It is loaded lazily (below), not imported,
 * so the harness and the probe node keep working while the node is being written or broken;
 * once the file exists, a compile error in it still fails loudly when a test asks for it.
 */
const ACCOUNTING_SERVICE_SOURCE = join(
	__dirname,
	'..',
	'..',
	'nodes',
	'AccountingService',
	'AccountingService.node.ts',
);

/** A community node's workflow type is `<package name>.<description.name>`, as n8n loads it. */
export const nodeTypeName = (node: INodeType | IVersionedNodeType) => `${PACKAGE_NAME}.${node.description.name}`;

/** The workflow `type` of the probe fixture node. */
export const PROBE_NODE_TYPE = nodeTypeName(new AccountingServiceProbe());

let accountingService: INodeType | IVersionedNodeType | undefined;

/** The real node, loaded from TypeScript source on first use. */
export function loadAccountingServiceNode(): INodeType | IVersionedNodeType {
	if (!accountingService) {
		if (!existsSync(ACCOUNTING_SERVICE_SOURCE)) {
			throw new UnexpectedError(`The Accounting Service node does not exist yet (${ACCOUNTING_SERVICE_SOURCE})`);
		}
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { AccountingService } = require(ACCOUNTING_SERVICE_SOURCE) as {
			AccountingService: new () => INodeType | IVersionedNodeType;
		};
		accountingService = new AccountingService();
	}
	return accountingService;
}

/** The workflow `type` of the real node (e.g. `n8n-nodes-accounting-service.accountingService`). */
export function accountingServiceNodeType(): string {
	return nodeTypeName(loadAccountingServiceNode());
}

/**
 * The node-types registry n8n-core asks for node classes (`INodeTypes`). It serves the probe
 * fixture, the real node once its source exists, and any extra nodes a test passes in.
 */
export class NodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(extra: Array<INodeType | IVersionedNodeType> = []) {
		this.register(new AccountingServiceProbe());
		for (const node of extra) this.register(node);
	}

	register(node: INodeType | IVersionedNodeType): string {
		const name = nodeTypeName(node);
		this.types.set(name, node);
		return name;
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const node = this.types.get(nodeType) ?? this.loadOnDemand(nodeType);
		if (!node) throw new UnexpectedError(`Unknown node type "${nodeType}"`);
		return node;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries([...this.types.keys()].map((name) => [name, { className: name, sourcePath: '' }]));
	}

	private loadOnDemand(nodeType: string) {
		if (!existsSync(ACCOUNTING_SERVICE_SOURCE)) return undefined;
		const node = loadAccountingServiceNode();
		if (nodeTypeName(node) !== nodeType) return undefined;
		this.register(node);
		return node;
	}
}
