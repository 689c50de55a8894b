// worker_head.js: opens the function hamleWorker that holds all of hamle.js (emcc's --extern-pre-js);
// web/worker.js closes it. The page runs its source text in a Web Worker made from a Blob.
function hamleWorker() {
"use strict";
// the wasm is in hamle.js (base64): nothing is fetched, not even a data: address
var fetch;
var Module = {
	noInitialRun: true,
	print: function () {},
	printErr: function () {},
	onRuntimeInitialized: function () { hamleReady(); }
};
