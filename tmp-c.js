const v8 = require('v8');
if (process.env.FLAGS) v8.setFlagsFromString(process.env.FLAGS);
let t0 = process.hrtime.bigint();
const { WrappedRE2 } = require('re2-wasm/build/wasm/re2');
console.log('require', (Number(process.hrtime.bigint() - t0) / 1e6).toFixed(1));
const val = 'Žluťoučký kůň úpěl ďábelské ódy 日本語テキスト Привет мир '.repeat(200);
for (const c of ['L','Ll','L','Lu','N','L']) {
  const p = `^(?:[\\p{${c}} ]+)$`;
  let t = process.hrtime.bigint(); const e = new WrappedRE2(p, false, false, false); const ms = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint(); e.match(val, 0, false); const ms2 = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(c.padEnd(4), 'compile', ms.toFixed(1), 'match', ms2.toFixed(1)); e.delete();
}
