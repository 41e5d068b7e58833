import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import AlertTitle from '@mui/material/AlertTitle';
import {
  entityTypeLabels,
  issuerAccountCheckedLabel,
  issuerAccountFormSchema,
  type IssuerAccountForm,
  type SavedIssuerAccounts,
  type SentIssuerAccount,
} from '../../../../contract/issuer-workspace';
import { US_STATE_OPTIONS } from '../../../../contract/rules/identity';
import { DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { Form, ReviewButton, useZodForm } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField, type FieldSpec } from '../../../components/form/form-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { ReviewDialog, useReviewAndSubmit } from '../../../components/form/review-and-submit';
import { AskBeforeDroppingEdits } from '../../../components/form/ask-before-dropping-edits';
import { formatCalendarDate, formatTaxId } from '../../../lib/format';
import { useCreateIssuerAccount } from '../api/create-issuer-account';
import { countryInWords } from './place-in-words';

type Request = z.output<typeof issuerAccountFormSchema>;
type Name = FieldPath<IssuerAccountForm>;

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
  checkedNoIssuerAccount: false,
};

const fieldNames = Object.keys(empty) as Name[];

/**
 * The form again from what a lost save sent, as the portal kept it: every answer but the EIN,
 * the Social Security number and the date of birth, which it keeps only masked (or not at all),
 * so they start empty for the person to type again.
 */
export function answersFromSent(sent: SentIssuerAccount): IssuerAccountForm {
  const kept = (value: string | null) => value ?? '';
  return {
    ...empty,
    companyName: sent.companyName,
    companyState: sent.companyState,
    issuingCountry: sent.issuingCountry,
    accountType: kept(sent.accountType) as IssuerAccountForm['accountType'],
    entityType: kept(sent.entityType) as IssuerAccountForm['entityType'],
    accountMiddleInitial: kept(sent.accountMiddleInitial),
    residentUs: kept(sent.residentUs) as IssuerAccountForm['residentUs'],
    citizenUs: kept(sent.citizenUs) as IssuerAccountForm['citizenUs'],
    addressLine1: kept(sent.addressLine1),
    addressLine2: kept(sent.addressLine2),
    city: kept(sent.city),
    zip: kept(sent.zip),
    country: kept(sent.country),
    additionalInfo: kept(sent.additionalInfo),
  };
}

type Option = { value: string; label: string };
const yesNo: Option[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

type Field = FieldSpec<IssuerAccountForm>;

/*
 * Staff type another person's data here (the account holder's, the issuer's address), never
 * their own. The holder's fields and the address therefore say autocomplete="off": a personal
 * token ("bday", "address-line1", "additional-name") would offer the staff member's own date of
 * birth and address, and save the holder's into the staff member's autofill. The company name
 * keeps "organization": it names a company (the issuer the staff work for), not a person.
 */

const sections: { title: string; note?: string; fields: Field[] }[] = [
  {
    title: 'Company',
    fields: [
      { name: 'companyName', label: 'Company name', required: true, autoComplete: 'organization' },
      {
        name: 'issuingCountry',
        label: 'Issuing country',
        required: true,
        helperText: 'Two-letter code of the country of the physical address, such as US',
      },
      {
        name: 'entityType',
        label: 'Entity type',
        options: Object.entries(entityTypeLabels).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'accountType',
        label: 'Account type',
        options: [
          { value: 'CHECKING', label: 'Checking' },
          { value: 'SAVINGS', label: 'Savings' },
        ],
      },
      {
        name: 'companyTaxId',
        label: 'Company tax ID (EIN)',
        inputMode: 'numeric',
        autoComplete: 'off',
        helperText: '9 digits, such as 12-3456789',
      },
    ],
  },
  {
    title: 'Account holder',
    note: "The platform records the holder of the account by these details. Of the holder's name it keeps only the middle initial: the company name names the account.",
    fields: [
      {
        name: 'accountMiddleInitial',
        label: "Holder's middle initial",
        autoComplete: 'off',
      },
      {
        name: 'socialSecurityNumber',
        label: 'Social Security number',
        inputMode: 'numeric',
        autoComplete: 'off',
        helperText: 'Such as 123-45-6789',
      },
      {
        name: 'dateOfBirth',
        label: "Holder's date of birth",
        type: 'date',
        autoComplete: 'off',
        // A date picker shows the date in the viewer's own order, so the hint names no format.
        helperText: 'The holder must be 18 or older',
      },
      { name: 'residentUs', label: 'U.S. resident', options: yesNo },
      { name: 'citizenUs', label: 'U.S. citizen', options: yesNo },
    ],
  },
  {
    title: 'Address',
    fields: [
      { name: 'addressLine1', label: 'Address line 1', autoComplete: 'off' },
      { name: 'addressLine2', label: 'Address line 2', autoComplete: 'off' },
      { name: 'city', label: 'City', autoComplete: 'off' },
      {
        name: 'companyState',
        label: 'State',
        required: true,
        options: US_STATE_OPTIONS.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })),
      },
      { name: 'zip', label: 'ZIP code', inputMode: 'numeric', autoComplete: 'off' },
      {
        name: 'country',
        label: 'Country',
        autoComplete: 'off',
        helperText: 'Two-letter code, such as US',
      },
    ],
  },
];

const allFields = [
  ...sections.flatMap((section) => section.fields),
  { name: 'additionalInfo', label: 'Additional information' } satisfies Field,
];

/**
 * The issuer's financial account details (createIssuerAccount, §4.6). Rules come from the
 * contract, so the browser and the BFF refuse the same things with the same words. The IP
 * address is added by the BFF. The platform keeps the details as saved and offers no way to
 * change them, so the person reviews exactly what will be sent before it is; one
 * Idempotency-Key per reviewed request, so a retry after a lost answer stores it once.
 */
export function IssuerAccountFormPanel({
  issuerId,
  onSaved,
  onOutcomeUnknownClosed,
  initial,
}: {
  issuerId: string;
  onSaved: (saved: SavedIssuerAccounts) => void;
  /** The review closed after a lost answer: the page reads the account again to show that save. */
  onOutcomeUnknownClosed?: (answers: IssuerAccountForm) => void;
  /** Answers to start from: those of a lost save the platform turned out not to hold. */
  initial?: IssuerAccountForm | null;
}) {
  const form = useZodForm(issuerAccountFormSchema, initial ?? empty);
  const submitted = useReviewAndSubmit({
    mutation: useCreateIssuerAccount(),
    variables: (request: Request, idempotencyKey) => ({ issuerId, request, idempotencyKey }),
    onFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldNames),
    onSuccess: onSaved,
  });
  const flow = {
    ...submitted,
    back() {
      submitted.back();
      if (submitted.outcomeUnknown && !submitted.pending) {
        onOutcomeUnknownClosed?.(form.getValues());
      }
    },
  };

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <Form form={form} onValid={flow.begin} aria-label="Issuer account">
      {/* §4.6 only creates and no read of an issuer account is named (§4.16 only names the
          issuers collection): one set up outside the portal cannot be shown here, and a save adds
          a record beside it (§2.4 keys records by a counter). The person asks before saving. */}
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle component="h2">The platform may already hold an issuer account</AlertTitle>
        An issuer account of issuer {issuerId} may have been set up on the platform outside the
        portal, and the portal cannot read it back to show it here. Saving adds another record even
        if one exists, and the platform offers no way to change or remove it. Before you save, ask
        the platform whether it holds an issuer account of issuer {issuerId}.
      </Alert>
      {sections.map((section, index) => (
        <Box key={section.title} sx={{ mt: index === 0 ? 0 : 3 }}>
          <Typography component="h2" variant="h3" gutterBottom>
            {section.title}
          </Typography>
          {section.note && (
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {section.note}
            </Typography>
          )}
          <Box sx={grid}>
            {section.fields.map((field) => (
              <FormField key={field.name} field={field} control={form.control} />
            ))}
          </Box>
        </Box>
      ))}
      <Box sx={{ mt: 2 }}>
        <FormTextField
          name="additionalInfo"
          control={form.control}
          label="Additional information"
          fullWidth
          multiline
        />
      </Box>
      <Alert severity="info" sx={{ mt: 2 }}>
        Your IP address is recorded with the details, as the platform requires.
      </Alert>
      <Box sx={{ mt: 2 }}>
        <FormCheckbox
          name="checkedNoIssuerAccount"
          control={form.control}
          label={issuerAccountCheckedLabel}
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <ReviewButton>Review issuer account</ReviewButton>
      </Box>
      {/* Once in review the dialog leads the way (while sending, it asks before leaving itself). */}
      <AskBeforeDroppingEdits
        dirty={form.formState.isDirty && flow.review === null}
        what="the issuer account form"
      />

      <ReviewDialog
        flow={flow}
        title="Review the issuer account"
        lead={`The platform keeps these details as saved, with no way to change them. You confirmed that it holds no issuer account of issuer ${issuerId}: saving adds one.`}
        progressLabel="Saving the issuer account"
        confirmLabel="Save issuer account"
        // Closing leads to recording what the platform said, not back to the form.
        outcomeUnknownBackLabel="Close and record the platform's answer"
        // The portal keeps its copy only of a save the platform confirmed, and §4.6 names no
        // read of an issuer account: after a lost answer neither this page nor the portal can
        // tell whether it was stored, and a second save would add a second record.
        whereToCheck={
          <>
            ask the platform whether it holds an issuer account of this issuer with these details
            (company name, state, EIN ending): the save carried no reference of ours, the portal
            cannot read the details back, and saving them again would add a second record. When you
            close this, the page keeps this save, with what was sent, for you to record what the
            platform said
          </>
        }
      >
        {flow.review && <ReviewSummary request={flow.review} />}
      </ReviewDialog>
    </Form>
  );
}

/**
 * An answer typed as a code or picked as a date, in the words the page uses elsewhere: a country
 * as the saved card and the lost-save card name it, a date of birth in the viewer's numeric order,
 * as the date field shows it (05/06/1980 in the U.S.), an EIN grouped as 12-3456789.
 */
function inWords(name: Name, value: string): string {
  if (name === 'issuingCountry' || name === 'country') return countryInWords(value);
  if (name === 'dateOfBirth') return formatCalendarDate(value, undefined, 'numeric');
  // The form keeps the EIN's digits only; the review writes it as the field's hint does.
  if (name === 'companyTaxId') return formatTaxId(value, 'ein');
  return value;
}

/** Every answer as it will be sent: its author sees what they typed in full to check it. */
function ReviewSummary({ request }: { request: Request }) {
  const items = allFields.map(({ name, label, options }): [string, ReactNode] => {
    const value = String(request[name as keyof Request] ?? '');
    const chosen = options?.find((option) => option.value === value)?.label;
    return [label, value === '' ? 'Not given' : (chosen ?? inWords(name, value))];
  });
  return (
    <>
      <DescriptionList items={items} />
    </>
  );
}
