import { deflateRawSync } from 'node:zlib';

const TABELA_CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = TABELA_CRC[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP file (deflated entries, UTF-8 names) of a few small files held in memory: the holder's export. */
export function zip(arquivos: { nome: string; dados: Buffer }[]): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let deslocamento = 0;
  for (const a of arquivos) {
    const nome = Buffer.from(a.nome, 'utf8');
    const comprimido = deflateRawSync(a.dados);
    const crc = crc32(a.dados);
    // The local header and the central directory's entry hold the same fields, from 'version needed' to the name's
    // length (time and date left 0), at offset 4 and 6.
    const comuns = (b: Buffer, em: number) => {
      b.writeUInt16LE(20, em);
      b.writeUInt16LE(0x0800, em + 2);
      b.writeUInt16LE(8, em + 4);
      b.writeUInt32LE(crc, em + 10);
      b.writeUInt32LE(comprimido.length, em + 14);
      b.writeUInt32LE(a.dados.length, em + 18);
      b.writeUInt16LE(nome.length, em + 22);
      return b;
    };
    const local = comuns(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    const central = comuns(Buffer.alloc(46), 6);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(deslocamento, 42);
    locais.push(local, nome, comprimido);
    centrais.push(central, nome);
    deslocamento += local.length + nome.length + comprimido.length;
  }
  const tamanhoCentral = centrais.reduce((s, b) => s + b.length, 0);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(arquivos.length, 8);
  fim.writeUInt16LE(arquivos.length, 10);
  fim.writeUInt32LE(tamanhoCentral, 12);
  fim.writeUInt32LE(deslocamento, 16);
  return Buffer.concat([...locais, ...centrais, fim]);
}
