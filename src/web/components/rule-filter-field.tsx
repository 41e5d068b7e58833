import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { useCheckedDraft } from '../lib/use-draft';
import { refusalText } from './form/refusal-text';

const inputAttributes = {
  id: { translate: 'no', autoCapitalize: 'characters' },
  amount: { inputMode: 'decimal' },
  text: { translate: 'no', autoCapitalize: 'none', spellCheck: false },
} as const;

/**
 * A filter by one value typed (an account, our reference, an amount, part of an email), applied
 * as the field is left or on Enter.
 * It is compared as the BFF compares it (`rule`: "a1040000" is A1040000, "mr-…" is MR-…); a value
 * the rule refuses is told under the field, in the BFF's words, rather than asked for. The field
 * shows the id of the URL again after Back.
 */
export function RuleFilterField({
  label,
  applied,
  rule,
  onApply,
  input = 'id',
  refuse,
  refused,
  size,
}: {
  label: string;
  applied: string | undefined;
  rule: z.ZodType<string, string>;
  onApply: (id: string) => void;
  /** What is typed, for the phone keyboard: an id (capitals), an amount, or text as it is. */
  input?: 'id' | 'amount' | 'text';
  /** A rule that also weighs the other filters (a range's order): its message, or undefined. */
  refuse?: (value: string) => string | undefined;
  /** The BFF's refusal of the applied value (an address edited by hand), until another is typed. */
  refused?: string;
  /** Small beside the small selects of a filter bar (FilterSelect). */
  size?: 'small' | 'medium';
}) {
  const { draft, error, check, clearError, field, setError } = useCheckedDraft(applied ?? '', rule);
  const compared = (id: string) => {
    const checked = rule.safeParse(id);
    return checked.success ? checked.data : id.trim();
  };
  // Leaving the field unchanged keeps the page the reviewer is on.
  const apply = () => {
    const text = draft.trim();
    // An emptied field lifts the filter: there is nothing for the rule to read.
    if (!text) clearError();
    const checked = text ? check(text) : { value: '' };
    if (!checked) return;
    const refused = checked.value ? refuse?.(checked.value) : undefined;
    if (refused) {
      setError(refused);
      return;
    }
    if (checked.value !== compared(applied ?? '')) onApply(checked.value);
  };
  // Typed and not applied yet: the list still shows the filter before, so the field says so.
  // Compared as the rule reads them: "a1040000" typed is the A1040000 applied.
  const pending = compared(draft) !== compared(applied ?? '') ? 'Press Enter to apply' : undefined;
  return (
    <TextField
      label={label}
      size={size}
      {...field}
      // A message about the text before is not about what is typed now: it goes as typing starts.
      onChange={(event) => {
        field.onChange(event);
        clearError();
      }}
      // What is typed is checked first; the BFF's refusal stands for the value it was sent.
      error={field.error || (refused !== undefined && draft === (applied ?? ''))}
      helperText={
        refusalText(error ?? (draft === (applied ?? '') ? refused : undefined)) ?? pending
      }
      onBlur={apply}
      // Enter (a phone keyboard's Go) applies the id too, not only leaving the field: the form has
      // no submit button, so Enter would otherwise do nothing.
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{ htmlInput: inputAttributes[input] }}
    />
  );
}
