/**
 * Checks a value against the subset of JSON Schema the plugin's REST schemas use (type, including type lists and
 * null; enum; properties; items; minimum and maximum; and Rest_Schemas' `x-required`). A property the schema does not
 * name is a problem too (as `additionalProperties: false`), so that an answer cannot grow what the generated types
 * miss. Returns what does not match, one line per problem, so a test can show them all; an empty list when it fits.
 */
export interface RestSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, RestSchema>;
  items?: RestSchema;
  minimum?: number;
  maximum?: number;
  context?: string[];
  'x-required'?: string[];
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function schemaProblems(value: unknown, schema: RestSchema, where = '$'): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const actual = typeOfValue(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return [`${where}: ${actual} where the schema says ${types.join(' | ')}`];
  }
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${where}: ${value} < ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${where}: ${value} > ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => problems.push(...schemaProblems(item, schema.items!, `${where}[${index}]`)));
  }
  if (actual === 'object' && schema.properties) {
    const object = value as Record<string, unknown>;
    for (const name of schema['x-required'] ?? []) {
      if (!(name in object)) problems.push(`${where}.${name}: missing`);
    }
    for (const [name, property] of Object.entries(schema.properties)) {
      if (name in object) problems.push(...schemaProblems(object[name], property, `${where}.${name}`));
    }
    for (const name of Object.keys(object)) {
      if (!(name in schema.properties)) problems.push(`${where}.${name}: not in the schema`);
    }
  }
  return problems;
}
