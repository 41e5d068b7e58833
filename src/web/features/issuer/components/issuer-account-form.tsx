import { useState } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  issuerAccountFormSchema,
  type IssuerAccountForm,
  type SavedIssuerAccounts,
} from '../../../../contract/issuer-workspace';
import { US_STATE_OPTIONS } from '../../../../contract/rules/identity';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { newIdempotencyKey } from '../../../lib/api-client';
import { useCreateIssuerAccount } from '../api/create-issuer-account';

const empty: IssuerAccountForm = {
  companyName: '',
  companyState: '',
  issuingCountry: 'US',
  accountType: '',
  entityType: '',
  companyTaxId: '',
  accountMiddleInitial: '',
  socialSecurityNumber: '',
  dateOfBirth: '',
  residentUs: '',
  citizenUs: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  zip: '',
  country: 'US',
  additionalInfo: '',
};

const fieldNames = Object.keys(empty) as FieldPath<IssuerAccountForm>[];

type Option = { value: string; label: string };

/** A native select bound by name: light, and every platform's own accessible picker. */
function FormSelect({
  name,
  control,
  label,
  options,
  required,
}: {
  name: FieldPath<IssuerAccountForm>;
  control: Control<IssuerAccountForm>;
  label: string;
  options: Option[];
  required?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      select
      id={`field-${name}`}
      label={label}
      required={required}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{required ? 'Choose…' : 'Not given'}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

const yesNo: Option[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

/**
 * The issuer's financial account details (createIssuerAccount, §4.6). Rules come from the
 * contract, so the browser and the BFF refuse the same things with the same words. The IP
 * address is added by the BFF. One Idempotency-Key per filled-in form: a retry after a lost
 * answer does not store the details twice.
 */
export function IssuerAccountFormPanel({
  issuerId,
  onSaved,
}: {
  issuerId: string;
  onSaved: (saved: SavedIssuerAccounts) => void;
}) {
  const { control, handleSubmit, setError } = useForm<IssuerAccountForm>({
    resolver: zodResolver(issuerAccountFormSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const create = useCreateIssuerAccount();

  const onSubmit = handleSubmit((form) =>
    create.mutate(
      { issuerId, form, idempotencyKey },
      {
        onSuccess: (saved) => {
          setIdempotencyKey(newIdempotencyKey());
          onSaved(saved);
        },
        onError: (error) => applyFieldErrors(error, setError, fieldNames),
      },
    ),
  );

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Issuer account">
      <Typography component="h2" variant="h3" gutterBottom>
        Company
      </Typography>
      <Box sx={grid}>
        <FormTextField
          name="companyName"
          control={control}
          label="Company name"
          required
          fullWidth
          autoComplete="organization"
        />
        <FormTextField
          name="issuingCountry"
          control={control}
          label="Issuing country"
          required
          fullWidth
          helperText="Two-letter code of the country of the physical address, such as US"
        />
        <FormSelect
          name="entityType"
          control={control}
          label="Entity type"
          options={['LLC', 'LP', 'Corp', 'GP', 'Soleprop'].map((v) => ({ value: v, label: v }))}
        />
        <FormSelect
          name="accountType"
          control={control}
          label="Account type"
          options={[
            { value: 'CHECKING', label: 'Checking' },
            { value: 'SAVINGS', label: 'Savings' },
          ]}
        />
        <FormTextField
          name="companyTaxId"
          control={control}
          label="Company tax ID (EIN)"
          fullWidth
          inputMode="numeric"
          autoComplete="off"
          helperText="9 digits, such as 12-3456789"
        />
      </Box>

      <Typography component="h2" variant="h3" gutterBottom sx={{ mt: 3 }}>
        Account holder
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The platform records the holder of the account by these details. Of the holder&apos;s name
        it keeps only the middle initial: the company name names the account.
      </Typography>
      <Box sx={grid}>
        <FormTextField
          name="accountMiddleInitial"
          control={control}
          label="Holder's middle initial"
          fullWidth
          autoComplete="additional-name"
        />
        <FormTextField
          name="socialSecurityNumber"
          control={control}
          label="Social Security number"
          fullWidth
          inputMode="numeric"
          autoComplete="off"
          helperText="Such as 123-45-6789"
        />
        <FormTextField
          name="dateOfBirth"
          control={control}
          label="Holder's date of birth"
          fullWidth
          type="date"
          autoComplete="bday"
          helperText="YYYY-MM-DD; 18 or older"
        />
        <FormSelect name="residentUs" control={control} label="U.S. resident" options={yesNo} />
        <FormSelect name="citizenUs" control={control} label="U.S. citizen" options={yesNo} />
      </Box>

      <Typography component="h2" variant="h3" gutterBottom sx={{ mt: 3 }}>
        Address
      </Typography>
      <Box sx={grid}>
        <FormTextField
          name="addressLine1"
          control={control}
          label="Address line 1"
          fullWidth
          autoComplete="address-line1"
        />
        <FormTextField
          name="addressLine2"
          control={control}
          label="Address line 2"
          fullWidth
          autoComplete="address-line2"
        />
        <FormTextField
          name="city"
          control={control}
          label="City"
          fullWidth
          autoComplete="address-level2"
        />
        <FormSelect
          name="companyState"
          control={control}
          label="State"
          required
          options={US_STATE_OPTIONS.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
        />
        <FormTextField
          name="zip"
          control={control}
          label="ZIP code"
          fullWidth
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <FormTextField
          name="country"
          control={control}
          label="Country"
          fullWidth
          helperText="Two-letter code, such as US"
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <FormTextField
          name="additionalInfo"
          control={control}
          label="Additional information"
          fullWidth
          multiline
        />
      </Box>

      {create.isError && (
        <Box sx={{ mt: 2 }}>
          <ErrorAlert error={create.error} title="The issuer account was not saved" />
        </Box>
      )}
      <Alert severity="info" sx={{ mt: 2 }}>
        Your IP address is recorded with the details, as the platform requires.
      </Alert>
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Save issuer account
        </Button>
        {create.isPending && (
          <>
            <CircularProgress size={24} aria-hidden />
            <Typography role="status">Saving…</Typography>
          </>
        )}
      </Box>
    </Box>
  );
}
