/* The contrast check (offline/tests/contrast.py says what it does). Plain functions the
 * browser test evaluates in the page: checkPage() and checkSvg(background). */
const parse = (value) => {
  const m = /rgba?\(([^)]+)\)/.exec(value || '');
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map((x) => x.endsWith('%') ? parseFloat(x) / 100 : Number(x));
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
};
const over = (top, bottom) => {
  const a = top.a;
  return {r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a),
          b: top.b * a + bottom.b * (1 - a), a: 1};
};
const luminance = (c) => {
  const ch = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
};
const ratio = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
const stops = (image) => (image.match(/rgba?\([^)]+\)/g) || []).map(parse);
// The backgrounds behind `el` (more than one under a gradient), composited from the canvas up.
const backgrounds = (el) => {
  const chain = [];
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) chain.push(node);
  let layers = [parse(getComputedStyle(document.documentElement).colorScheme === 'dark'
    ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)')];
  for (const node of chain.reverse()) {
    const style = getComputedStyle(node);
    const gradient = style.backgroundImage.includes('gradient') ? stops(style.backgroundImage) : [];
    const colour = parse(style.backgroundColor);
    if (colour && colour.a > 0) layers = layers.map((l) => over(colour, l));
    if (gradient.length) layers = gradient.flatMap((g) => layers.map((l) => over(g, l)));
  }
  return layers;
};
const opacityOf = (el) => {
  let o = 1;
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    o *= parseFloat(getComputedStyle(node).opacity || '1');
  }
  return o;
};
const where = (el) => {
  const parts = [];
  for (let node = el; node && node.nodeType === 1 && parts.length < 4; node = node.parentElement) {
    parts.unshift(node.tagName.toLowerCase() + (node.classList.length ? '.' + [...node.classList].join('.') : ''));
  }
  return parts.join(' > ');
};
const judge = (el, text, colour, behind, size, weight, failures) => {
  const large = size >= 24 || (size >= 18.66 && weight >= 700);
  const needed = large ? 3 : 4.5;
  let worst = null;
  for (const bg of behind) {
    const fg = over(colour, bg);
    const r = ratio(fg, bg);
    if (!worst || r < worst.r) worst = {r, fg, bg};
  }
  if (worst && worst.r < needed - 0.005) {
    failures.push({text: text.slice(0, 40), colour: hex(worst.fg), background: hex(worst.bg),
                   ratio: Math.round(worst.r * 100) / 100, needed, where: where(el)});
  }
};

function checkPage() {
  const failures = [];
  let checked = 0;
  const disabled = (el) => el.closest(':disabled, .disabled, [aria-disabled="true"]');
  for (const el of document.querySelectorAll('body *')) {
    if (['SCRIPT', 'STYLE', 'TITLE', 'DESC', 'OPTION', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName.toUpperCase())) continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!text) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2 || disabled(el)) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const weight = parseInt(style.fontWeight, 10);
    checked += 1;
    if (el instanceof SVGElement) {
      // SVG text: its fill, on the shape drawn before it in its group, else the page behind.
      let colour = parse(style.fill);
      if (!colour) continue;
      colour = {...colour, a: colour.a * parseFloat(style.opacity || '1') * parseFloat(style.fillOpacity || '1')};
      let behind = backgrounds(el.ownerSVGElement.parentElement);
      const shape = [...el.parentElement.children].find((s) => ['rect', 'circle'].includes(s.tagName));
      if (shape) {
        const fill = parse(getComputedStyle(shape).fill);
        if (fill) behind = behind.map((b) => over(fill, b));
      }
      judge(el, text, colour, behind, size, weight, failures);
      continue;
    }
    const colour = parse(style.color);
    const faded = opacityOf(el);
    judge(el, text, {...colour, a: colour.a * faded}, backgrounds(el), size, weight, failures);
  }
  return {checked, failures};
}

function checkSvg(background) {
  const failures = [];
  let checked = 0;
  const behind = [parse(background)];
  for (const el of document.querySelectorAll('text, tspan')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (!text) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    let colour = parse(style.fill);
    if (!colour) continue;
    let a = colour.a * parseFloat(style.fillOpacity || '1');
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      a *= parseFloat(getComputedStyle(node).opacity || '1');
    }
    checked += 1;
    judge(el, text, {...colour, a}, behind, parseFloat(style.fontSize), parseInt(style.fontWeight, 10), failures);
  }
  return {checked, failures};
}
