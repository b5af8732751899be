// Pre-compresses the build (brotli and gzip) so the server sends small files without work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The folder to compress: the argument (a build made elsewhere, scripts/build-se-mudou.mjs) or apps/web/dist.
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '../dist');
const walk = (d) => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)]));
for (const f of walk(dist)) {
  if (!/\.(js|css|html|svg|json|txt|woff|ttf|eot)$/.test(f)) continue;
  const buf = readFileSync(f);
  if (buf.length < 1024) continue;
  writeFileSync(`${f}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${f}.gz`, gzipSync(buf, { level: 9 }));
}
