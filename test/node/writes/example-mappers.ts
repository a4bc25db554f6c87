// The examples' Fields mappers as n8n's editor opens them. The editor shows an attribute that is
// missing from a mapper's saved schema as new (visible, its toggle or box empty), so an example
// saved with an empty schema opens with every optional attribute of the record on show. Each
// mapper of ours in examples/ lists every attribute the node offers, hidden unless it has a value.
// `UPDATE_EXAMPLES=1 npx jest test/node/writes.test.ts -t mappers` writes them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { accountingServiceNodeType, credentialRef, runResourceMapping } from '../../harness';
import { useConnectedSandbox } from '../connected-sandbox';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
const OUR_NODES = /\.accountingService(Tool)?$/;

interface ExampleNode {
	name: string;
	type: string;
	parameters: INodeParameters & { fields?: { mappingMode?: string; value?: IDataObject | null; schema?: unknown[] } };
}

const mappers = readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: ExampleNode[] };
		return workflow.nodes
			.filter((node) => OUR_NODES.test(node.type) && node.parameters.fields?.mappingMode === 'defineBelow')
			.map((node) => ({ file, node }));
	});

/** What the editor keeps of an attribute in the saved schema; the lists it offers are read again when it opens. */
const saved = (field: ResourceMapperField, value: IDataObject) => ({
	id: field.id,
	displayName: field.displayName,
	required: field.required,
	defaultMatch: field.defaultMatch,
	display: field.display,
	type: field.type,
	canBeUsedToMatch: field.canBeUsedToMatch,
	removed: !(field.id in value),
});

const env = useConnectedSandbox();

describe('the examples’ Fields mappers', () => {
	it.each(mappers.map(({ file, node }) => [`${file}: ${node.name}`, file, node] as const))(
		'%s lists every attribute, only those with a value shown',
		async (_label, file, node) => {
			const offered = await runResourceMapping({
				store: env.store,
				node: {
					name: node.name,
					type: accountingServiceNodeType(),
					parameters: node.parameters,
					credentials: credentialRef(env.credential),
				},
				method: 'getWriteFields',
			});
			const value = node.parameters.fields?.value ?? {};
			const expected = offered.fields.map((field) => saved(field, value));
			const schema = (node.parameters.fields?.schema ?? []) as Array<ReturnType<typeof saved>>;
			const current = JSON.stringify(schema.map((field) => [field.id, field.removed]));
			if (
				process.env.UPDATE_EXAMPLES &&
				current !== JSON.stringify(expected.map((field) => [field.id, field.removed]))
			) {
				const path = join(EXAMPLES, file);
				const workflow = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ExampleNode[] };
				const target = workflow.nodes.find((candidate) => candidate.name === node.name);
				target!.parameters.fields!.schema = expected;
				writeFileSync(path, `${JSON.stringify(workflow, null, 2)}\n`);
			}
			expect(schema.map((field) => [field.id, field.removed])).toEqual(
				expected.map((field) => [field.id, field.removed]),
			);
			for (const id of Object.keys(value)) expect(offered.fields.map((field) => field.id)).toContain(id);
		},
	);
});
