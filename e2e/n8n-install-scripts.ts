/**
 * The install scripts of n8n's dependencies, reviewed for the e2e's n8n install: the
 * `allowScripts` of the folder it installs into. Only sqlite3 is built (n8n's database for the
 * run); every other script is skipped, and a dependency with a script not named here fails the
 * install (`--strict-allow-scripts`) rather than running unreviewed or being skipped unnoticed.
 * README → "Install scripts" says the same for people.
 */
export const N8N_INSTALL_SCRIPTS: Readonly<Record<string, boolean>> = {
	// Compiles n8n's SQLite driver from its bundled source (its prebuilt download is off this network).
	'sqlite3@5.1.7': true,
	// Downloads the native binary of n8n's AI browser tool from outside the registry; unused here.
	'agent-browser': false,
	// Native Kafka client fetched from outside the registry (fails here); the Kafka nodes are unused.
	'@confluentinc/kafka-javascript': false,
	// The compiled parts ship as prebuilt binaries inside these packages or as their optional
	// platform packages; the scripts only compile from source where none fits.
	'isolated-vm': false,
	'msgpackr-extract': false,
	'@parcel/watcher': false,
	'@sentry/node-cpu-profiler': false,
	'@sentry/node-native-stacktrace': false,
	// Optional speed-ups of the SSH client, which works without them; no example uses SSH.
	'cpu-features': false,
	ssh2: false,
	// Checks the Node version and looks for Oracle's thick-mode client; the Oracle node is unused.
	oracledb: false,
	// Checks the version of protobufjs's command-line tool, which nothing here runs.
	protobufjs: false,
	// Install-time usage analytics.
	'@scarf/scarf': false,
	// Switches between Vue 2 and 3 at install; n8n's editor is served already built.
	'vue-demi': false,
};
