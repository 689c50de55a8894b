// worker.js: the Web Worker's side of the page (emcc's --extern-post-js: it ends the function
// hamleWorker that web/worker_head.js opens, after emcc's own code, so Module and FS are in scope).
//
// A job from the page is one run of a tool (hamle-validate, hamle-convert or hamle-reconcile, as
// compiled into hamle.js by web/hamle_web.c) over the files it sends, written into the in-memory
// file system under /w with their own names (the names the findings quote); what the tool writes
// (stdout, stderr, its --html report, its -o file) goes back to the page as it is.
//
// page -> worker: {id, tool, args: [...], files: [{name, data: ArrayBuffer}], outputs: [path...]}
//   args may name the files by their index: {file: i} (the worker knows where it put them)
// worker -> page: {type: "ready"} once; {type: "progress", id, games, bytes} while a run goes;
//   {type: "done", id, status, args, stdout: Uint8Array, stderr: string, outputs: {path: Uint8Array},
//   ms: the tool's run in milliseconds}
//   or {type: "failed", id, error} when the run itself broke (the worker is then replaced).
var hamleReadyFlag = false;
var hamleQueue = [];
var hamleJob = null;

function hamleReady() {
	hamleReadyFlag = true;
	FS.mkdir("/w");
	FS.mkdir("/o");
	postMessage({type: "ready"});
	var q = hamleQueue;
	hamleQueue = [];
	q.forEach(hamleRunJob);
}

// called from cmd/validate/report.c (hamle_web_progress) while a run goes
function hamleProgress(games, bytes) {
	if (hamleJob)
		postMessage({type: "progress", id: hamleJob.id, games: games, bytes: bytes});
}

function hamleEmpty(dir) {
	FS.readdir(dir).forEach(function (n) {
		if (n === "." || n === "..")
			return;
		var p = dir + "/" + n;
		if (FS.isDir(FS.stat(p).mode)) {
			hamleEmpty(p);
			FS.rmdir(p);
		} else {
			FS.unlink(p);
		}
	});
}

// Writes the job's files under /w, each by its own name (a control character made '_'; a second
// file of the same name in a folder 2/, 3/ ...), and returns the operands that name them.
function hamlePlaceFiles(files) {
	var taken = {}, names = [];
	files.forEach(function (f) {
		var base = String(f.name).replace(/[\u0000-\u001f\/]/g, "_") || "input";
		var name = base, k = 1;
		while (taken[name]) {
			k++;
			name = k + "/" + base;
		}
		taken[name] = true;
		if (k > 1) {
			try { FS.mkdir("/w/" + k); } catch (e) { /* there already */ }
		}
		FS.writeFile("/w/" + name, new Uint8Array(f.data));
		// a name the tool would take for an option or for stdin
		names.push(name.charAt(0) === "-" ? "./" + name : name);
	});
	return names;
}

function hamleRunJob(job) {
	hamleEmpty("/w");
	hamleEmpty("/o");
	FS.chdir("/w");
	var names = hamlePlaceFiles(job.files || []);
	var args = [];
	job.args.forEach(function (a) {
		if (a !== null && typeof a === "object" && "files" in a)
			Array.prototype.push.apply(args, names);
		else if (a !== null && typeof a === "object")
			args.push(names[a.file]);
		else
			args.push(String(a));
	});
	var line = ["hamle-" + job.tool].concat(args).join("\n");
	hamleJob = job;
	var status, t0 = performance.now();
	try {
		status = Module.ccall("hamle_web_run", "number", ["string", "string", "string", "string"],
			[job.tool, line, "/o/stdout", "/o/stderr"]);
	} catch (e) {
		hamleJob = null;
		postMessage({type: "failed", id: job.id, error: String(e && e.message || e)});
		return;
	}
	hamleJob = null;
	var ms = performance.now() - t0;
	var outputs = {};
	(job.outputs || []).forEach(function (p) {
		try { outputs[p] = FS.readFile(p); } catch (e) { /* not written */ }
	});
	var stdout = FS.readFile("/o/stdout");
	var stderr = new TextDecoder().decode(FS.readFile("/o/stderr"));
	var transfer = [stdout.buffer];
	Object.keys(outputs).forEach(function (p) { transfer.push(outputs[p].buffer); });
	postMessage({type: "done", id: job.id, status: status, args: ["hamle-" + job.tool].concat(args),
		stdout: stdout, stderr: stderr, outputs: outputs, ms: ms}, transfer);
}

self.onmessage = function (ev) {
	if (hamleReadyFlag)
		hamleRunJob(ev.data);
	else
		hamleQueue.push(ev.data);
};
}
