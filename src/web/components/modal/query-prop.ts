/** Route modals get the page's query as props; this reads one string value from it. */
export function queryProp(
  props: Record<string, unknown> | undefined,
  name: string,
): string | undefined {
  const value = props?.[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
