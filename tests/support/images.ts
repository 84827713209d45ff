/**
 * Real images made in code, for the server and browser tests and the benchmarks: a PNG gradient of any size, a
 * hand-built 3×2 baseline JPEG, and that JPEG padded with comment segments to a given size (still a valid JPEG).
 */
import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (RGB gradient with stripes) of the given size. */
export function png(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * row + 1 + x * 3;
      raw[o] = Math.floor((x * 255) / width);
      raw[o + 1] = Math.floor((y * 255) / height);
      raw[o + 2] = ((x + y) % 64) * 4;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, body: Buffer | number[]) => {
  const b = Buffer.from(body as number[]);
  return Buffer.concat([Buffer.from([0xff, marker, (b.length + 2) >> 8, (b.length + 2) & 255]), b]);
};

/**
 * A 3×2 grey baseline JPEG built by hand: one 8×8 block whose DC difference and AC run are both the single
 * one-bit Huffman code '0' (scan byte 0b00111111). With `padTo`, comment segments (COM) before the tables bring it
 * to about that many bytes.
 */
export function tinyJpeg(padTo = 0): Buffer {
  const oneCode = [1, ...Array(15).fill(0)];
  const pads: Buffer[] = [];
  for (let left = padTo; left > 0; left -= 65_000) pads.push(segment(0xfe, Buffer.alloc(Math.min(65_000, left), 0x61)));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...pads,
    segment(0xdb, [0, ...Array(64).fill(1)]),
    segment(0xc0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, ...oneCode, 0]),
    segment(0xc4, [0x10, ...oneCode, 0]),
    segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    Buffer.from([0x3f, 0xff, 0xd9]),
  ]);
}
