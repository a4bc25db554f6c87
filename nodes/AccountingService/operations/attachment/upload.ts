import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { optionsCollection } from '../../descriptions/common';
import { apiRequest } from '../../transport';
import { resourceOperation } from '../define';

/** The service's limit for one attachment (its API reference: `file_size`, max 2621440 bytes). */
export const MAX_ATTACHMENT_BYTES = 2_621_440;

/** The kinds of record the service attaches files to (its attachment context types). */
const ATTACH_TO = [
	['SALES_INVOICE', 'Sales Invoice'],
	['SALES_CREDIT_NOTE', 'Sales Credit Note'],
	['SALES_CORRECTIVE_INVOICE', 'Sales Corrective Invoice'],
	['SALES_QUOTE', 'Sales Quote'],
	['SALES_ESTIMATE', 'Sales Estimate'],
	['PURCHASE_INVOICE', 'Purchase Invoice'],
	['PURCHASE_CREDIT_NOTE', 'Purchase Credit Note'],
	['PURCHASE_CORRECTIVE_INVOICE', 'Purchase Corrective Invoice'],
	['OTHER_PAYMENT', 'Other Payment'],
	['CONTACT', 'Contact'],
] as const;

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

function binaryOf(
	context: IExecuteFunctions,
	parameters: ParameterReader,
	itemIndex: number,
): { name: string; binary: IBinaryData } {
	const name = parameters.string('binaryPropertyName', 'Input Binary Field', 'data').trim();
	if (!name) parameters.fail('Input Binary Field', 'it is empty; enter the field that holds the file, such as data');
	const binary = context.getInputData()[itemIndex]?.binary?.[name];
	if (!binary) {
		const present = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		parameters.fail(
			'Input Binary Field',
			`the input item has no binary field "${name}"${present.length ? `; it has ${present.join(', ')}` : ''}`,
		);
	}
	return { name, binary };
}

/** ".pdf" from the binary's own extension or its file name; the service stores it with the dot. */
function extensionOf(binary: IBinaryData, fileName: string): string | undefined {
	const extension = binary.fileExtension ?? /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1];
	return extension ? `.${extension.replace(/^\./, '').toLowerCase()}` : undefined;
}

/**
 * Uploads the file of one input item as an attachment of a record. The size is checked before
 * anything is sent: the service refuses files above its limit only after the whole upload.
 */
async function upload(this: IExecuteFunctions, parameters: ParameterReader, itemIndex: number) {
	const { name, binary } = binaryOf(this, parameters, itemIndex);
	const attachToType = parameters.choice(
		'Attach To',
		parameters.string('attachToType', 'Attach To'),
		ATTACH_TO.map(([value]) => value),
	);
	const attachToId = parameters.string('attachToId', 'Record ID').trim();
	if (!attachToId) parameters.fail('Record ID', 'it is empty; enter the ID of the record to attach the file to');
	const options = parameters.options();
	const business = parameters.business();

	const bytes = await this.helpers.getBinaryDataBuffer(itemIndex, name);
	if (bytes.length === 0) parameters.fail('Input Binary Field', `the file in "${name}" is empty`);
	if (bytes.length > MAX_ATTACHMENT_BYTES) {
		parameters.fail(
			'Input Binary Field',
			`the file in "${name}" is ${mebibytes(bytes.length)}; the service accepts attachments up to ${mebibytes(MAX_ATTACHMENT_BYTES)} (${MAX_ATTACHMENT_BYTES} bytes)`,
		);
	}
	const fileName =
		String(options.fileName ?? '').trim() || binary.fileName || `attachment${extensionOf(binary, '') ?? ''}`;
	const extension = extensionOf(binary, fileName);
	const attachment: IDataObject = {
		file: bytes.toString('base64'),
		file_name: fileName,
		mime_type: binary.mimeType || 'application/octet-stream',
		...(extension ? { file_extension: extension } : {}),
		file_size: bytes.length,
		attachment_context_type_id: attachToType,
		attachment_context_id: attachToId,
		...(typeof options.description === 'string' && options.description ? { description: options.description } : {}),
		...(typeof options.isPublic === 'boolean' ? { is_public: options.isPublic } : {}),
	};
	const { body } = await apiRequest.call(this, {
		method: 'POST',
		path: '/attachments',
		body: { attachment },
		business,
		...parameters.requestScope(),
	});
	return [{ json: body }];
}

export const uploadAttachment = resourceOperation({
	resource: 'attachment',
	value: 'upload',
	option: {
		name: 'Upload',
		description: 'Attach a file of the input item to an invoice, a contact or another record',
		action: 'Upload an attachment',
	},
	properties: [
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			hint: 'The name of the input binary field that holds the file (up to 2.5 MiB)',
		},
		{
			displayName: 'Attach To',
			name: 'attachToType',
			type: 'options',
			required: true,
			default: 'SALES_INVOICE',
			description: 'The kind of record the file belongs to',
			options: ATTACH_TO.map(([value, name]) => ({ name, value })),
		},
		{
			displayName: 'Record ID',
			name: 'attachToId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 0a1b2c3d4e5f60718293a4b5c6d7e8f9',
			description: 'The ID of the invoice, contact or other record to attach the file to',
		},
		optionsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'A note stored with the attachment',
			},
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				description: 'The name to store the file under; by default the binary’s own file name',
			},
			{
				displayName: 'Visible to Customers',
				name: 'isPublic',
				type: 'boolean',
				default: false,
				description: 'Whether customers may see the attachment',
			},
		]),
	],
	execute: upload,
});
