/** Minimal SVG charts for the benchmark report: no dependencies, readable output. */

const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2'];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One series of a line chart: points (x, y). */
export interface Series {
  label: string;
  points: [number, number][];
}

/** A log-log line chart (e.g. ms per CG iteration vs problem size). */
export function lineChart(title: string, xLabel: string, yLabel: string, series: Series[]): string {
  // The legend sits in the right margin: wide enough for the longest name (~7 px a character).
  const legend = Math.max(170, 40 + 7 * Math.max(0, ...series.map((s) => s.label.length)));
  const W = 470 + legend;
  const H = 400;
  const m = { l: 70, r: legend, t: 40, b: 50 };
  const all = series.flatMap((s) => s.points).filter(([x, y]) => x > 0 && y > 0);
  if (all.length === 0) return '';
  const lx = all.map(([x]) => Math.log10(x));
  const ly = all.map(([, y]) => Math.log10(y));
  const x0 = Math.floor(Math.min(...lx));
  const x1 = Math.max(Math.ceil(Math.max(...lx)), x0 + 1);
  const y0 = Math.floor(Math.min(...ly));
  const y1 = Math.max(Math.ceil(Math.max(...ly)), y0 + 1);
  const px = (x: number) => m.l + ((Math.log10(x) - x0) / (x1 - x0)) * (W - m.l - m.r);
  const py = (y: number) => H - m.b - ((Math.log10(y) - y0) / (y1 - y0)) * (H - m.t - m.b);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - 60}" y="20" font-size="14">${esc(title)}</text>`,
  ];
  for (let e = x0; e <= x1; e++) {
    const x = m.l + ((e - x0) / (x1 - x0)) * (W - m.l - m.r);
    out.push(`<line x1="${x}" y1="${m.t}" x2="${x}" y2="${H - m.b}" stroke="#ddd"/>`);
    out.push(`<text x="${x - 12}" y="${H - m.b + 16}">1e${e}</text>`);
  }
  for (let e = y0; e <= y1; e++) {
    const y = H - m.b - ((e - y0) / (y1 - y0)) * (H - m.t - m.b);
    out.push(`<line x1="${m.l}" y1="${y}" x2="${W - m.r}" y2="${y}" stroke="#ddd"/>`);
    out.push(`<text x="${m.l - 45}" y="${y + 4}">1e${e}</text>`);
  }
  out.push(`<text x="${(W - m.r) / 2}" y="${H - 10}">${esc(xLabel)}</text>`);
  out.push(`<text x="12" y="${m.t - 10}">${esc(yLabel)}</text>`);
  series.forEach((s, k) => {
    const c = COLORS[k % COLORS.length];
    const pts = s.points.filter(([x, y]) => x > 0 && y > 0).sort((a, b) => a[0] - b[0]);
    out.push(
      `<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ')}"/>`,
    );
    for (const [x, y] of pts)
      out.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="3" fill="${c}"/>`);
    out.push(`<rect x="${W - m.r + 15}" y="${m.t + k * 20}" width="12" height="12" fill="${c}"/>`);
    out.push(`<text x="${W - m.r + 32}" y="${m.t + k * 20 + 10}">${esc(s.label)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

/** A grouped horizontal bar chart of speed-ups against a baseline (1.0 = baseline). */
export function ratioChart(title: string, rows: { name: string; ratios: Record<string, number> }[]): string {
  const labels = [...new Set(rows.flatMap((r) => Object.keys(r.ratios)))];
  const bar = 14;
  const groupH = labels.length * bar + 12;
  const W = 720;
  const m = { l: 230, r: 40, t: 40 };
  const H = m.t + rows.length * groupH + 40 + labels.length * 18;
  const maxR = Math.max(1, ...rows.flatMap((r) => Object.values(r.ratios)));
  const sx = (v: number) => m.l + (v / maxR) * (W - m.l - m.r);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="10" y="20" font-size="14">${esc(title)}</text>`,
    `<line x1="${sx(1)}" y1="${m.t - 5}" x2="${sx(1)}" y2="${m.t + rows.length * groupH}" stroke="#999" stroke-dasharray="4"/>`,
  ];
  rows.forEach((r, g) => {
    const y0 = m.t + g * groupH;
    out.push(`<text x="8" y="${y0 + groupH / 2}">${esc(r.name.slice(0, 34))}</text>`);
    labels.forEach((l, k) => {
      const v = r.ratios[l];
      if (v === undefined) return;
      const c = COLORS[k % COLORS.length];
      out.push(
        `<rect x="${m.l}" y="${y0 + k * bar}" width="${(sx(v) - m.l).toFixed(1)}" height="${bar - 2}" fill="${c}"/>`,
      );
      out.push(`<text x="${sx(v) + 4}" y="${y0 + k * bar + 11}">${v.toFixed(2)}×</text>`);
    });
  });
  labels.forEach((l, k) => {
    const y = m.t + rows.length * groupH + 20 + k * 18;
    out.push(`<rect x="${m.l}" y="${y}" width="12" height="12" fill="${COLORS[k % COLORS.length]}"/>`);
    out.push(`<text x="${m.l + 18}" y="${y + 10}">${esc(l)} (speed-up vs baseline; dashed line = 1×)</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
