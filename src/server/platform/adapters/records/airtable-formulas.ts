/** The few Airtable formulas the sync filters with, quoted so that no value can change their meaning. */

function quote(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function fieldRef(field: string): string {
  // A field reference cannot escape a closing brace; such a name is refused rather than misread.
  if (/[{}]/.test(field)) throw new Error(`field name "${field}" cannot be used in a formula`);
  return `{${field}}`;
}

export function modifiedAfter(instant: Date): string {
  return `IS_AFTER(LAST_MODIFIED_TIME(), ${quote(instant.toISOString())})`;
}

export function fieldEquals(field: string, value: string): string {
  return `${fieldRef(field)} = ${quote(value)}`;
}

export function allOf(formulas: string[]): string | undefined {
  if (formulas.length <= 1) return formulas[0];
  return `AND(${formulas.join(", ")})`;
}
