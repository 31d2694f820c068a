/**
 * Excel's sheet-name rules (docs/product.md §5): at most 31 characters, none of : \ / ? * [ ], unique
 * (Excel compares names without regard to case). Excel also refuses a name that is blank or
 * starts or ends with an apostrophe.
 */

export const MAX_SHEET_NAME = 31;
const FORBIDDEN = /[:\\/?*[\]]/g;

/** One name made valid: forbidden characters become spaces, then trimmed and cut to 31. */
export function cleanSheetName(name: string, fallback = 'Sheet'): string {
  const cleaned = name
    .replace(FORBIDDEN, ' ')
    // Control characters are not allowed in the workbook XML either: matching them is the point.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, MAX_SHEET_NAME)
    .trim();
  return cleaned || fallback;
}

/** Valid and unique names in order; a repeat gets " (2)", " (3)"… within the 31 characters. */
export function sheetNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw, i) => {
    const base = cleanSheetName(raw, `Sheet${i + 1}`);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, MAX_SHEET_NAME - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
