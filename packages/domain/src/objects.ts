/**
 * The named fields of an object, as a new object: a view that shows some of a row's own fields under their own names.
 * Where a view renames a field, spread the picked ones and write the renamed ones after them.
 */
export function pick<T extends object, const K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const view = {} as Pick<T, K>;
  for (const key of keys) view[key] = source[key];
  return view;
}
