import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by main.ts, before anything loads a WebAssembly module (RE2 for owners' item
 * patterns above all). V8's default baseline compiler (Liftoff) runs RE2's compiler slowly and tiers
 * up late: compiling one `\p{L}` pattern then held the event loop for 100-500 ms. Optimised code
 * from the start, and every function compiled when the module loads (at start-up, before the
 * port is open) rather than on a request's first use, brings that to tens of milliseconds
 * (docs/benchmarks.md, "Owner patterns"). These are V8 flags; setting them before the first
 * WebAssembly module compiles is what makes them apply to it.
 */
setFlagsFromString('--no-liftoff');
setFlagsFromString('--no-wasm-lazy-compilation');
