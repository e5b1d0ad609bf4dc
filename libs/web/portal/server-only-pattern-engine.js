// Stands in for RE2's WebAssembly binding in the portal page's bundle (see bundle.js): the page never
// checks an owner's pattern, the server does.
export class WrappedRE2 {
  constructor() {
    throw new Error('patterns are checked by the server');
  }
}
