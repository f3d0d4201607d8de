/**
 * WCAG 2.2 SC 1.4.11 (non-text contrast), which axe does not measure: the computed colours of a
 * control's boundary and of its focus indicator against what surrounds it. The arithmetic is
 * axe-core's own (`axe.commons.color`: parsing, alpha flattening, the contrast ratio).
 */
import type { Page } from 'playwright-core';
import { axeSource } from './axe';

export interface Measurement {
  /** The control, as `tag#id.class` and its text. */
  control: string;
  /** `boundary` (its border, or its fill when it has none) or `focus indicator`. */
  part: string;
  colour: string;
  against: string;
  ratio: number;
}

interface Measures {
  describe(element: Element): string;
  boundary(element: Element): Measurement | undefined;
  focusIndicator(element: Element): Measurement;
}
/** What has a boundary of its own; links are text. */
const formControls = 'input, select, textarea, button';

type WithMeasures = Window & { nonTextContrast: Measures };

/**
 * Puts axe-core and the measures below into the page, as `window.nonTextContrast` (evaluate runs
 * outside the page's Content-Security-Policy). Again after each navigation.
 */
export async function installMeasures(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  await page.evaluate(`window.nonTextContrast = (${measures.toString()})()`);
}

/** The boundary of each control matching the selector, against the background around it. */
export function measureBoundaries(page: Page, selector: string): Promise<Measurement[]> {
  return page.evaluate((css) => {
    const { boundary } = (window as unknown as WithMeasures).nonTextContrast;
    return [...document.querySelectorAll(css)].flatMap((element) => boundary(element) ?? []);
  }, selector);
}

/**
 * Measures the focus indicator of what has the focus, then presses Tab through the page until the
 * focus has gone round once, measuring each element it reaches (and a control's boundary then).
 */
export async function measureFocusIndicators(page: Page): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  const seen = new Set<string>();
  // First what has the focus already (the error summary after an invalid submit), then each Tab.
  for (let presses = 0; presses < 100; presses += 1) {
    if (presses > 0) await page.keyboard.press('Tab');
    const found = await page.evaluate((controls) => {
      const element = document.activeElement;
      if (!element || element === document.body) return undefined; // the browser's own controls
      const { describe, boundary, focusIndicator } = (window as unknown as WithMeasures)
        .nonTextContrast;
      const measured = [focusIndicator(element)];
      const edge = element.matches(controls) ? boundary(element) : undefined;
      if (edge) measured.push(edge);
      return { name: describe(element), measured };
    }, formControls);
    if (!found) continue;
    if (seen.has(found.name)) break; // round once
    seen.add(found.name);
    measurements.push(...found.measured);
  }
  return measurements;
}

/** A colour as axe-core's arithmetic has it. */
type Colour = {
  alpha: number;
  toJSON(): object;
  parseString(text: string): Colour;
};

/** The page once installMeasures has put axe-core into it: its colour arithmetic. */
export interface WindowWithAxe {
  axe: {
    commons: {
      color: {
        Color: new () => Colour;
        flattenColors(source: Colour, backdrop: Colour): Colour;
        getContrast(background: Colour, foreground: Colour): number;
      };
    };
  };
}

/** Runs in the page (passed as source), after axe-core. */
function measures(): Measures {
  const color = (window as unknown as WindowWithAxe).axe.commons.color;
  const parse = (text: string) => new color.Color().parseString(text);
  const show = (colour: Colour) => {
    const { red, green, blue, alpha } = colour.toJSON() as Record<string, number>;
    return `rgba(${red}, ${green}, ${blue}, ${alpha})`;
  };

  function describe(element: Element): string {
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const text = (element.textContent ?? '').trim().slice(0, 30);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes} "${text}"`;
  }

  /** What shows through around the element: its ancestors' backgrounds, flattened. */
  function backgroundAround(element: Element): Colour {
    const layers: Colour[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer.alpha > 0) layers.push(layer);
      if (layer.alpha === 1) break;
    }
    return layers.reduceRight(
      (backdrop, layer) => color.flattenColors(layer, backdrop),
      parse('#fff'),
    );
  }

  function measurement(element: Element, part: string, colour: Colour, against: Colour) {
    const flat = color.flattenColors(colour, against);
    return {
      control: describe(element),
      part,
      colour: show(flat),
      against: show(against),
      ratio: Math.round(color.getContrast(against, flat) * 100) / 100,
    };
  }

  /** The border (its faintest side), or the control's own fill when it has no border. */
  function boundary(element: Element) {
    const style = getComputedStyle(element);
    const around = backgroundAround(element);
    const sides = (['Top', 'Right', 'Bottom', 'Left'] as const).filter(
      (side) =>
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
    );
    if (sides.length === 0) {
      const fill = parse(style.backgroundColor);
      // Neither border nor fill: the control is its text or icon, which is not a boundary.
      return fill.alpha > 0 ? measurement(element, 'boundary (fill)', fill, around) : undefined;
    }
    const measured = sides.map((side) =>
      measurement(
        element,
        'boundary',
        parse(style.getPropertyValue(`border-${side.toLowerCase()}-color`)),
        around,
      ),
    );
    return measured.reduce((faintest, next) => (next.ratio < faintest.ratio ? next : faintest));
  }

  /** The outline when there is one, else the strongest spread box-shadow; none scores 1. */
  function focusIndicator(element: Element) {
    const style = getComputedStyle(element);
    const around = backgroundAround(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      return measurement(element, 'focus indicator (outline)', parse(style.outlineColor), around);
    }
    // Chromium computes each shadow as "<colour> <x> <y> <blur> <spread>[ inset]".
    const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const rings = shadows
      .map((shadow) => shadow.trim().match(/^(rgba?\([^)]*\)) (\S+) (\S+) (\S+) (\S+)$/))
      .filter((match): match is RegExpMatchArray => match !== null && parseFloat(match[5]) > 0)
      .map((match) =>
        measurement(element, 'focus indicator (box-shadow)', parse(match[1]), around),
      );
    const strongest = rings.reduce<ReturnType<typeof measurement> | undefined>(
      (best, next) => (!best || next.ratio > best.ratio ? next : best),
      undefined,
    );
    return strongest ?? measurement(element, 'focus indicator (none)', around, around);
  }

  return { describe, boundary, focusIndicator };
}
