/**
 * The choices of a radio group or a select from the words of each value, in the order the labels
 * list them: the same table names a value in the form, its review and its receipt.
 */
export function optionsFromLabels<T extends string>(
  labels: Record<T, string>,
): { value: T; label: string }[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}
