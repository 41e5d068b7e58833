import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { complianceSearchQuerySchema } from '../../../../contract/compliance';
import { useCheckedDraft } from '../../../lib/use-draft';
import { refusalText } from '../../../components/form/refusal-text';

const queryRule = complianceSearchQuerySchema.shape.q;

/** One box for accounts and entities; at least 2 characters, as the BFF requires. */
export function ComplianceSearchForm({
  initial,
  refused,
  onSearch,
  onRefused,
}: {
  initial: string;
  /** The rule the link's search breaks, told under the box until another search is typed. */
  refused?: string;
  onSearch: (q: string) => void;
  /**
   * A search typed and refused here, by the rule it breaks (null once a search is run): the page
   * marks what it still shows as the results of the search before.
   */
  onRefused?: (rule: string | null) => void;
}) {
  const { error, check, field } = useCheckedDraft(initial, queryRule);
  const told = error ?? (field.value === initial ? refused : undefined);
  return (
    <Box
      component="form"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = check();
        if (!checked) {
          // The results of the last search stay below, marked as those of the search before
          // (onRefused); the box, with the rule under it, takes the focus.
          onRefused?.(queryRule.safeParse(field.value).error?.issues[0]?.message ?? null);
          document.getElementById('compliance-search')?.focus();
          return;
        }
        onRefused?.(null);
        onSearch(checked.value);
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 3 }}
    >
      <TextField
        id="compliance-search"
        label="Search accounts and entities"
        type="search"
        {...field}
        error={Boolean(told)}
        helperText={refusalText(told) ?? 'Name, account or party ID, email, city, state, EIN…'}
        sx={{ flex: '1 1 16rem' }}
        autoComplete="off"
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>
        Search
      </Button>
    </Box>
  );
}
