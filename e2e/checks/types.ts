import type { Workflow } from '../examples';
import type { Mailbox } from '../mail/smtp-sink';
import type { N8nInstall } from '../install-n8n';
import type { RunData } from '../n8n-cli';
import type { N8nServer } from '../n8n-server';
import type { ServiceReader } from '../service-reader';

/** The sandbox as the checks use it (sandbox/index.js is plain JS). */
export interface SandboxView {
	dataset: {
		leadBusinessId: string;
		businesses: Array<{ id: string; key: string; name: string }>;
		/** The bytes the service serves for an attachment. */
		attachmentFile(businessId: string, attachmentId: string): { size: number; open(): NodeJS.ReadableStream } | null;
		/** Test hook: a new record, created at the sandbox clock's now. */
		createRecord(businessId: string, collection: string, fields?: Record<string, unknown>): Record<string, unknown>;
		/** Test hook: a soft delete now, listed under `deleted_since`; no rule checked (the API would void an issued invoice). */
		deleteRecord(businessId: string, collection: string, id: string): void;
		/** The PDF the service renders for a sales invoice, credit note or corrective invoice as it is now. */
		renderDocumentPdf(businessId: string, collection: string, id: string): Promise<Buffer>;
	};
	log: { entries(): LogEntry[] };
	/** The sandbox's clock: access tokens expire 300 s after they were issued, by this clock. */
	clock: { advance(seconds: number): number; now(): number };
}

/** One request as the sandbox's log keeps it (sandbox/controls/request-log.js). */
export interface LogEntry {
	seq: number;
	/** Sandbox time the request arrived, ISO 8601. */
	at: string;
	path: string;
	method: string;
	status: number | null;
	auth: 'bearer' | 'basic' | 'other' | 'none';
	/** First 12 hex digits of sha256(bearer token); no token itself is logged. */
	tokenFingerprint: string | null;
	/** Token endpoint only. */
	grantType: string | null;
}

/** The n8n a `server` check works with: its REST API with the owner's session, and a restart. */
export interface RunningN8n {
	install: N8nInstall;
	/** The n8n process running now (another one after `restart`). */
	server(): N8nServer;
	/** The owner's session cookie; it outlives a restart. */
	session: string;
	/** Stops n8n as a service manager does (SIGTERM: executions under way may finish) and starts it again. */
	restart(): Promise<N8nServer>;
}

/** What a check gets: where the example wrote, the sandbox to compare with, and n8n's run data when the e2e ran it. */
export interface CheckContext {
	/** `n8n execute`'s run data; absent for published (trigger) examples, which n8n start runs. */
	run?: RunData;
	/** The example's output folder (its Settings `folder`). */
	folder: string;
	reader: ServiceReader;
	sandbox: SandboxView;
	/**
	 * What the SMTP server the examples' Send Email nodes deliver to (the SMTP credential points at
	 * it) received: for an executed example, only what arrived since its run began.
	 */
	mail: Mailbox;
	/** The n8n install, whose spreadsheet reader reads the XLSX back. */
	n8nDir: string;
	/** The request log's last `seq` before `n8n start`: later entries are the running instance's. */
	logSeqBeforeStart?: number;
	/** `n8n start`'s log, for a published example's check to quote when n8n did not do its part. */
	n8nLogFile?: string;
	/** Fingerprint (as the request log has it) of the access token the n8n credential was imported with. */
	importedTokenFingerprint?: string;
	/** Runs the example with `n8n execute` once more; for checks that change the sandbox between runs. */
	executeAgain?: () => Promise<RunData>;
	/** `server` checks: the running n8n. */
	n8n?: RunningN8n;
	/** `server` checks: the example as this n8n runs it (node types, Settings and nodeParameters applied), not yet imported. */
	workflow?: Workflow;
	/** Where screenshots for the README go, and where a failed browser step leaves its page. */
	docsDir?: string;
	failureDir?: string;
}

/** What an example's preparation gets, before any example runs: its folder and the sandbox. */
export interface PrepareContext {
	folder: string;
	reader: ServiceReader;
}

/** One example as the e2e runs it: which values to use, how it is started, and what must come out. */
export interface ExampleCheck {
	workflowId: string;
	/**
	 * `execute`: a manual trigger, run with `n8n execute --id`. `published`: a trigger, published
	 * before `n8n start` runs it. `server`: needs n8n running first (its Data Tables are made over
	 * the REST API): its check imports and publishes it, after the other checks.
	 */
	runs: 'execute' | 'published' | 'server';
	/** Values of the example's Settings node besides `folder`. */
	settings: Record<string, string>;
	/**
	 * The Set node whose values `settings` replace, when it is not "Settings" (an example whose
	 * input stands in for a webhook); `folder` is set only where that node has one.
	 */
	settingsNode?: string;
	/**
	 * Runs before the examples are imported: puts the example's input into its folder (a sheet)
	 * and returns Settings values read from the sandbox (an open invoice), over `settings`.
	 */
	prepare?(context: PrepareContext): Promise<Record<string, string>>;
	/** Parameters of other nodes the e2e changes (by node name), such as a poll interval. */
	nodeParameters?: Record<string, Record<string, unknown>>;
	/** Throws when the output is wrong; returns one line saying what was checked. */
	check(context: CheckContext): Promise<string>;
}

export function expect(condition: boolean, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

/** An amount in whole cents, however the service or a file wrote it (number or decimal text). */
export const cents = (value: unknown) => Math.round(Number(value) * 100);

/** The run data of an example the e2e executed. */
export function runOf(context: CheckContext): RunData {
	expect(context.run !== undefined, 'this check needs the run data of n8n execute');
	return context.run;
}
