import { saveBlob } from '../../api/save-download';

/** The theme's colours the statechart uses, resolved, so an exported picture looks as the screen did. */
const themeVariables = [
  '--color-bg', '--color-surface', '--color-surface-muted', '--color-border', '--color-border-strong', '--color-text',
  '--color-text-muted', '--color-focus', '--color-accent', '--color-accent-text', '--color-on-accent',
];

function statechartRules(): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let cssRules: CSSRuleList;
    try {
      cssRules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(cssRules)) if (rule.cssText.startsWith('.statechart')) rules.push(rule.cssText);
  }
  return rules.join('\n');
}

/** A standalone SVG file of the drawing: its own styles and the current theme's colours inside it. */
function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const computed = getComputedStyle(document.documentElement);
  const variables = themeVariables.map((name) => `${name}: ${computed.getPropertyValue(name).trim()};`).join(' ');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = `svg { ${variables} background: ${computed.getPropertyValue('--color-surface').trim()}; }\n${statechartRules()}`;
  copy.insertBefore(style, copy.firstChild);
  copy.setAttribute('class', 'statechart');
  return new XMLSerializer().serializeToString(copy);
}

export function downloadSvg(svg: SVGSVGElement, fileName: string): void {
  saveBlob(new Blob([standaloneSvg(svg)], { type: 'image/svg+xml' }), fileName);
}

/** The drawing as a PNG at twice its size, drawn from the standalone SVG. */
export async function downloadPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const width = svg.viewBox.baseVal.width;
  const height = svg.viewBox.baseVal.height;
  const url = URL.createObjectURL(new Blob([standaloneSvg(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * 2);
    canvas.height = Math.ceil(height * 2);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to draw the picture on');
    context.scale(2, 2);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('The picture could not be made');
    saveBlob(png, fileName);
  } finally {
    URL.revokeObjectURL(url);
  }
}
