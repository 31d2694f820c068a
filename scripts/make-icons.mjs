/**
 * Draws the app icons (a speedometer over "NT" on a navy gradient) and writes them as PNG (and
 * one ICO) into public/. Pure Node: shapes are sampled 4×4 per pixel for smooth edges and the
 * PNGs are encoded with node:zlib. Run: node scripts/make-icons.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'public');
const SS = 4; // samples per pixel side

const hex = (h, a = 1) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), a];
const mix = (c1, c2, t) => c1.map((v, i) => v + (c2[i] - v) * Math.min(1, Math.max(0, t)));

const NAVY_TOP = hex('#26365f');
const NAVY_BOTTOM = hex('#0b1224');
const ORANGE_LIGHT = hex('#ffc061');
const ORANGE = hex('#f0640f');
const WHITE = hex('#ffffff');

// --- shapes in unit coordinates (0..1, y down) ---
const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
};
const capsule = (ax, ay, bx, by, hw) => (x, y) => {
  const vx = bx - ax,
    vy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
  const dx = x - (ax + vx * t),
    dy = y - (ay + vy * t);
  return dx * dx + dy * dy <= hw * hw;
};
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const deg = (d) => (d * Math.PI) / 180;
/** Angle of (x, y) around (cx, cy) in degrees, clockwise from +x, normalised to [start, start + 360). */
const angleFrom = (cx, cy, x, y, start) => {
  let a = (Math.atan2(y - cy, x - cx) * 180) / Math.PI;
  while (a < start) a += 360;
  while (a >= start + 360) a -= 360;
  return a;
};
/** A thick arc with round caps from angle a0 to a1 (degrees, clockwise). */
const arc = (cx, cy, r, hw, a0, a1) => {
  const capA = circle(cx + r * Math.cos(deg(a0)), cy + r * Math.sin(deg(a0)), hw);
  const capB = circle(cx + r * Math.cos(deg(a1)), cy + r * Math.sin(deg(a1)), hw);
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    if (Math.abs(d - r) <= hw && angleFrom(cx, cy, x, y, a0) <= a1) return true;
    return capA(x, y) || capB(x, y);
  };
};

/** The layers of the icon, bottom to top: [inside(x, y), colour(x, y)]. */
function scene({ fullBleed, scale, detail }) {
  const layers = [];
  const bg = fullBleed ? () => true : roundedRect(0.02, 0.02, 0.98, 0.98, 0.22);
  layers.push([bg, (x, y) => mix(NAVY_TOP, NAVY_BOTTOM, (x + y) / 2)]);
  // A warm glow behind the gauge.
  layers.push([bg, (x, y) => [240, 100, 15, 0.28 * Math.max(0, 1 - Math.hypot(x - 0.5, y - 0.5) / 0.55) ** 2]]);

  // Everything else is drawn in a frame scaled about the centre (maskable icons keep a safe zone).
  const T = (f) => (x, y) => f(0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale);
  const cx = 0.5,
    cy = detail ? 0.49 : 0.54,
    r = detail ? 0.3 : 0.34,
    hw = detail ? 0.06 : 0.085;
  const start = 135,
    end = 405,
    value = 335;

  layers.push([T(arc(cx, cy, r, hw, start, end)), () => [255, 255, 255, 0.16]]);
  layers.push([
    T(arc(cx, cy, r, hw, start, value)),
    T((x, y) => {
      // The start cap reaches just before `start`, where the angle wraps round: colour it as the start.
      const a = angleFrom(cx, cy, x, y, start);
      const t = a > value + 10 ? 0 : (a - start) / (value - start);
      return mix(ORANGE, ORANGE_LIGHT, t);
    }),
  ]);
  if (detail) {
    for (let a = start; a <= end + 0.01; a += 27) {
      const c = Math.cos(deg(a)),
        s = Math.sin(deg(a));
      const major = Math.round((a - start) / 27) % 2 === 0;
      const r0 = r - hw - (major ? 0.07 : 0.045),
        r1 = r - hw - 0.025;
      layers.push([
        T(capsule(cx + r0 * c, cy + r0 * s, cx + r1 * c, cy + r1 * s, major ? 0.011 : 0.008)),
        () => [255, 255, 255, major ? 0.85 : 0.5],
      ]);
    }
  }
  // Needle and hub.
  const nl = r - (detail ? 0.1 : 0.06);
  const nx = cx + nl * Math.cos(deg(value)),
    ny = cy + nl * Math.sin(deg(value));
  layers.push([T(capsule(cx, cy, nx, ny, detail ? 0.022 : 0.05)), () => WHITE]);
  layers.push([T(circle(cx, cy, detail ? 0.06 : 0.1)), () => WHITE]);
  layers.push([T(circle(cx, cy, detail ? 0.035 : 0.055)), () => ORANGE]);

  if (detail) {
    // "NT" in rounded strokes inside the gauge's opening.
    const w = 0.032,
      top = 0.71,
      bot = 0.85;
    const letters = [
      capsule(0.39, top, 0.39, bot, w),
      capsule(0.39, top, 0.47, bot, w),
      capsule(0.47, top, 0.47, bot, w),
      capsule(0.53, top, 0.63, top, w),
      capsule(0.58, top, 0.58, bot, w),
    ];
    for (const l of letters) layers.push([T(l), () => WHITE]);
  }
  return layers;
}

function render(size, opts) {
  const layers = scene(opts);
  const px = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let pxi = 0; pxi < size; pxi++) {
      let R = 0,
        G = 0,
        B = 0,
        A = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (pxi + (sx + 0.5) / SS) / size,
            y = (py + (sy + 0.5) / SS) / size;
          // Composite the layers over transparent, premultiplied.
          let r = 0,
            g = 0,
            b = 0,
            a = 0;
          for (const [inside, colour] of layers) {
            if (!inside(x, y)) continue;
            const [cr, cg, cb, ca] = colour(x, y);
            r = cr * ca + r * (1 - ca);
            g = cg * ca + g * (1 - ca);
            b = cb * ca + b * (1 - ca);
            a = ca + a * (1 - ca);
          }
          R += r;
          G += g;
          B += b;
          A += a;
        }
      }
      const n = SS * SS,
        i = (py * size + pxi) * 4;
      const alpha = A / n;
      px[i] = alpha ? Math.round(R / n / alpha) : 0;
      px[i + 1] = alpha ? Math.round(G / n / alpha) : 0;
      px[i + 2] = alpha ? Math.round(B / n / alpha) : 0;
      px[i + 3] = Math.round(alpha * 255);
    }
  }
  return encodePng(size, size, px);
}

// --- PNG encoding ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** An .ico holding one PNG image. */
function encodeIco(png, size) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size;
  head[7] = size;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

const ICON = { fullBleed: false, scale: 1, detail: true };
const outputs = [
  ['icon-192.png', 192, ICON],
  ['icon-512.png', 512, ICON],
  ['icon-maskable-512.png', 512, { fullBleed: true, scale: 0.78, detail: true }],
  ['apple-touch-icon.png', 180, { fullBleed: true, scale: 0.9, detail: true }],
  ['favicon-32.png', 32, { fullBleed: false, scale: 1, detail: false }],
];
fs.mkdirSync(OUT, { recursive: true });
for (const [name, size, opts] of outputs) {
  const png = render(size, opts);
  fs.writeFileSync(path.join(OUT, name), png);
  if (name === 'favicon-32.png') fs.writeFileSync(path.join(OUT, 'favicon.ico'), encodeIco(png, 32));
  console.log(`${name}: ${size}×${size}, ${png.length} bytes`);
}
