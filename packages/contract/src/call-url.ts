/** Fills `:name` segments of a call path from params. */
export function callUrl(path: string, params: Record<string, unknown> = {}): string {
  return path
    .replace(/:(\w+)\??/g, (_m, name: string) => {
      const value = params[name];
      return value === undefined || value === '' ? '' : encodeURIComponent(String(value));
    })
    .replace(/\/+$/, '');
}
