import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, type JsonObject } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { recordPath } from '../../actions/recordPath';
import type { CollectionDefinition } from '../../collections/table';
import { lower, withArticle } from '../../collections/wording';
import { optionsCollection } from '../../descriptions/common';
import { perRow, sameFor } from '../../descriptions/blocks';
import { recordLocator } from '../../descriptions/recordLocator';
import { apiRequest, headerValue } from '../../transport';
import { collectionOperation } from '../define';
import { outputFileField, outputFileFieldName } from '../outputFile';

const PDF = 'application/pdf';

/** The documents the service renders as PDFs: the item paths whose OpenAPI GET declares `mark_as_sent`. */
export const rendersPdf = (row: CollectionDefinition) => row.markAsSent === true;

/** The document's own number (`invoice_number`, `credit_note_number`), what a person files it under. */
function documentNumber(record: IDataObject): string | undefined {
	for (const field of ['invoice_number', 'credit_note_number']) {
		const value = record[field];
		if (typeof value === 'string' && value.trim()) return value.trim();
	}
	return undefined;
}

/** `SI-1042.pdf`: the number, with what a file system or n8n's path handling would cut or refuse replaced. */
function pdfFileName(row: CollectionDefinition, number: string | undefined, id: string): string {
	const base = number ?? `${lower(row.singular).replace(/\s+/g, '-')}-${decodeURIComponent(id)}`;
	return `${base.replace(/[^\w.\- ]+/g, '-').replace(/^[.\s]+/, '') || 'document'}.pdf`;
}

/** The service's error, naming the document it was about (a list of items shows which failed). */
async function naming<T>(
	context: IExecuteFunctions,
	itemIndex: number,
	documentName: string,
	request: Promise<T>,
): Promise<T> {
	try {
		return await request;
	} catch (error) {
		const message = `${(error as Error).message} (${documentName})`;
		if (error instanceof NodeApiError) {
			throw new NodeApiError(context.getNode(), (error.errorResponse ?? {}) as JsonObject, {
				message,
				description: error.description ?? undefined,
				httpCode: error.httpCode ?? undefined,
				itemIndex,
			});
		}
		throw new NodeOperationError(context.getNode(), message, { itemIndex });
	}
}

/**
 * The document as the service renders it (`GET /{path}/{key}` with `Accept: application/pdf`),
 * one binary item per input item. `mark_as_sent` is always sent: the service marks the document
 * as sent unless told otherwise, and reading must not change the books unless asked. The record
 * is read first for its number and contact; the PDF stays a stream into `prepareBinaryData`, so
 * with n8n's filesystem binary mode it is written to disk as it arrives.
 */
async function downloadPdf(this: IExecuteFunctions, row: CollectionDefinition, parameters: ParameterReader) {
	const path = recordPath(row, parameters);
	const id = path.slice(path.lastIndexOf('/') + 1);
	const business = parameters.business();
	const property = outputFileFieldName(parameters);
	const markAsSent = parameters.options().markAsSent === true;
	const scope = parameters.requestScope();

	const documentName = `${lower(row.singular)} ${decodeURIComponent(id)}`;
	const { body: record } = await naming(
		this,
		scope.itemIndex,
		documentName,
		apiRequest.call(this, { path, business, ...scope }),
	);
	const file = await naming(
		this,
		scope.itemIndex,
		documentName,
		apiRequest.call(this, {
			path,
			qs: { mark_as_sent: markAsSent },
			business,
			...scope,
			accept: PDF,
			encoding: 'stream',
		}),
	);
	const contentType = headerValue(file.headers, 'content-type') ?? '';
	if (!contentType.toLowerCase().startsWith(PDF)) {
		throw new NodeApiError(this.getNode(), { status: 200 } as JsonObject, {
			message: `The service did not answer with a PDF for ${documentName}`,
			description: `It answered ${contentType || 'without a content type'}.`,
			itemIndex: scope.itemIndex,
		});
	}

	const number = documentNumber(record);
	const binary = await this.helpers.prepareBinaryData(
		file.body as unknown as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0],
		pdfFileName(row, number, id),
		PDF,
	);
	const json: IDataObject = {
		id: record.id ?? decodeURIComponent(id),
		number: number ?? null,
		contact: record.contact ?? null,
	};
	return [{ json, binary: { [property]: binary } }];
}

export const downloadDocumentPdf = collectionOperation({
	value: 'downloadPdf',
	appliesTo: rendersPdf,
	option: (row) => ({
		name: 'Download PDF',
		description: `Download ${withArticle(row.singular)} as the service renders it, as a PDF file`,
		action: `Download ${withArticle(row.singular)} as PDF`,
	}),
	properties: [
		perRow((row) => recordLocator(row, `The ${lower(row.singular)} to download`)),
		sameFor([
			outputFileField,
			optionsCollection([
				{
					displayName: 'Mark as Sent',
					name: 'markAsSent',
					type: 'boolean',
					default: false,
					description:
						'Whether the service marks the document as sent when it renders the PDF. Off, downloading leaves the document as it was.',
				},
			]),
		]),
	],
	handler: (row) =>
		async function (parameters) {
			return await downloadPdf.call(this, row, parameters);
		},
});
