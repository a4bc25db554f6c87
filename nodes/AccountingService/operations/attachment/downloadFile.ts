import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { findCollection, type CollectionDefinition } from '../../collections/table';
import { recordLocator } from '../../descriptions/recordLocator';
import { apiRequest } from '../../transport';
import { resourceOperation } from '../define';
import { outputFileField, outputFileFieldName } from '../outputFile';

/** The service serves attachment files only to this Accept header, whatever the file's own type. */
const OCTET_STREAM = 'application/octet-stream';

const attachmentRow = findCollection('attachment') as CollectionDefinition;

/**
 * n8n takes the file name as a path and keeps only what follows the last separator, so a "/" or
 * "\" inside an attachment's name would cut it short.
 */
function fileNameOf(record: IDataObject, id: string): string {
	const name = typeof record.file_name === 'string' && record.file_name.trim() ? record.file_name : undefined;
	const extension = typeof record.file_extension === 'string' ? record.file_extension : '';
	return (name ?? `attachment-${decodeURIComponent(id)}${extension}`).replace(/[/\\]/g, '-');
}

/**
 * Downloads the attachment of one item. The file's name and type come from its record: the file
 * endpoint always answers `application/octet-stream`. The body stays a stream into
 * `prepareBinaryData`, so with n8n's filesystem binary mode it is written to disk as it arrives.
 */
async function downloadFile(this: IExecuteFunctions, parameters: ParameterReader) {
	const id = parameters.recordId(attachmentRow);
	const business = parameters.business();
	const property = outputFileFieldName(parameters);

	const scope = parameters.requestScope();
	const { body: record } = await apiRequest.call(this, { path: `/attachments/${id}`, business, ...scope });
	const file = await apiRequest.call(this, {
		path: `/attachments/${id}/file`,
		business,
		...scope,
		accept: OCTET_STREAM,
		encoding: 'stream',
	});

	const mimeType = typeof record.mime_type === 'string' && record.mime_type ? record.mime_type : undefined;
	const binary = await this.helpers.prepareBinaryData(
		file.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		fileNameOf(record, id),
		mimeType,
	);
	return [{ json: record, binary: { [property]: binary } }];
}

export const downloadAttachmentFile = resourceOperation({
	resource: 'attachment',
	value: 'downloadFile',
	option: {
		name: 'Download File',
		description: 'Download the file of an attachment as binary data',
		action: 'Download an attachment file',
	},
	properties: [recordLocator(attachmentRow, 'The attachment whose file to download'), outputFileField],
	execute: downloadFile,
});
