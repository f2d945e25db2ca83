/** Reads the documented default of `minRelevanceScore` out of the bridge's OpenAPI document. */

/** The first `minRelevanceScore` schema property with a numeric `default`, searched depth-first; null if none. */
export function defaultMinRelevanceScore(document: unknown): number | null {
  if (typeof document !== 'object' || document === null) return null;
  for (const [key, value] of Object.entries(document)) {
    if (key === 'minRelevanceScore' && typeof value === 'object' && value !== null) {
      const fallback = (value as { default?: unknown }).default;
      if (typeof fallback === 'number') return fallback;
    }
    const nested = defaultMinRelevanceScore(value);
    if (nested !== null) return nested;
  }
  return null;
}

/** Fetches the bridge's OpenAPI document (served without a key) and reads the default; null when absent. */
export async function fetchDefaultMinRelevanceScore(baseUrl: string): Promise<number | null> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  return response.ok ? defaultMinRelevanceScore(await response.json()) : null;
}
