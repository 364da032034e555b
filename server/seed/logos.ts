import { encodePng, type Rgba } from './png';

type Paint = (u: number, v: number) => Rgba | null;
type Point = readonly [number, number];

const transparent: Rgba = [0, 0, 0, 0];

function insideRoundedSquare(u: number, v: number, margin: number, radius: number): boolean {
  const cx = Math.min(Math.max(u, margin + radius), 1 - margin - radius);
  const cy = Math.min(Math.max(v, margin + radius), 1 - margin - radius);
  return (u - cx) ** 2 + (v - cy) ** 2 <= radius ** 2;
}

function insidePolygon(u: number, v: number, points: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as Point;
    const [xj, yj] = points[j] as Point;
    if (yi > v !== yj > v && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const nearWave = (u: number, v: number, centre: number) =>
  u > 0.2 && u < 0.8 && Math.abs(v - (centre + 0.025 * Math.sin(u * Math.PI * 6))) < 0.022;

const harbourBuild: Paint = (u, v) => {
  if (!insideRoundedSquare(u, v, 0.04, 0.18)) return null;
  if (nearWave(u, v, 0.74) || nearWave(u, v, 0.83)) return [126, 200, 227, 255];
  const roof = insidePolygon(u, v, [[0.5, 0.18], [0.8, 0.44], [0.72, 0.44], [0.5, 0.26], [0.28, 0.44], [0.2, 0.44]]);
  const walls = u > 0.32 && u < 0.68 && v > 0.42 && v < 0.64 && !(u > 0.45 && u < 0.55 && v > 0.5);
  if (roof || walls) return [255, 255, 255, 255];
  return [23, 55, 94, 255];
};

const ridgeline: Paint = (u, v) => {
  if (!insideRoundedSquare(u, v, 0.04, 0.18)) return null;
  if (insidePolygon(u, v, [[0.14, 0.72], [0.38, 0.3], [0.52, 0.52], [0.64, 0.38], [0.86, 0.72]])) return [232, 119, 34, 255];
  if (v > 0.76 && v < 0.8 && u > 0.14 && u < 0.86) return [255, 255, 255, 255];
  return [38, 50, 56, 255];
};

function render(paint: Paint, size: number): Buffer {
  const samples = 4;
  return encodePng(size, size, (x, y) => {
    const total: [number, number, number, number] = [0, 0, 0, 0];
    for (let sy = 0; sy < samples; sy++) {
      for (let sx = 0; sx < samples; sx++) {
        const [r, g, b, a] = paint((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size) ?? transparent;
        total[0] += r * a;
        total[1] += g * a;
        total[2] += b * a;
        total[3] += a;
      }
    }
    const alpha = total[3];
    if (alpha === 0) return transparent;
    const channel = (i: 0 | 1 | 2) => Math.round(total[i] / alpha);
    return [channel(0), channel(1), channel(2), Math.round(alpha / samples ** 2)];
  });
}

export const demoLogos = {
  harbourBuild: () => render(harbourBuild, 160),
  ridgeline: () => render(ridgeline, 160),
};
