/**
 * The named fields of `obj`, in that order: the answer of a call that shows a selection of an
 * area's one row → answer mapping (domains' domainAnswer, hosting's websiteAnswer).
 */
export function pick<T extends object, K extends keyof T>(obj: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, obj[k]])) as Pick<T, K>;
}
