import { approvalStateLabels, type Approval } from '../../../../contract/identity';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  ADDITIONAL_DETAILS_MAX,
  disbursementFormSchema,
  disbursementTypeLabels,
  type DisbursementForm as DisbursementRequest,
  type DisbursementReceipt,
} from '../../../../contract/disbursements';
import { Code, DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { paths } from '../../../config/paths';
import { isApiClientError, newIdempotencyKey } from '../../../lib/api-client';
import { useArmed } from '../../../lib/use-armed';
import { formatTimestamp, formatMoney } from '../../../lib/format';
import { useCreateDisbursement } from '../api/create-disbursement';
import { SubmissionError } from './submission-outcome';
import { focusOnMount } from '../../../lib/focus';

/** What the fields hold while typing; the schema turns it into one of the three request shapes. */
type Values = {
  type: DisbursementRequest['type'];
  amount: string;
  bankId: string;
  bankAccountId: string;
  additionalDetails: string;
};

const fieldNames = ['type', 'amount', 'bankId', 'bankAccountId', 'additionalDetails'] as const;

const typeOptions = (Object.keys(disbursementTypeLabels) as Values['type'][]).map((value) => ({
  value,
  label: disbursementTypeLabels[value],
}));

export function DisbursementForm({ accountId }: { accountId: string }) {
  const form = useForm<Values>({
    // The schema outputs the request (only the chosen type's fields, normalized).
    resolver: zodResolver(disbursementFormSchema) as unknown as Resolver<Values>,
    defaultValues: {
      type: 'ach',
      amount: '',
      bankId: '',
      bankAccountId: '',
      additionalDetails: '',
    },
    mode: 'onTouched',
  });
  const type = useWatch({ control: form.control, name: 'type' });
  useSeparateBankFieldsPerType(form, type);
  const [review, setReview] = useState<{ request: DisbursementRequest; key: string } | null>(null);
  const [receipt, setReceipt] = useState<
    DisbursementReceipt | { pendingApproval: Approval } | null
  >(null);
  const mutation = useCreateDisbursement();
  const armed = useArmed(review !== null);

  const openReview = form.handleSubmit((values) => {
    mutation.reset();
    // One key per reviewed request: a double click or a retry of it creates one disbursement.
    setReview({ request: values as unknown as DisbursementRequest, key: newIdempotencyKey() });
  });

  const send = () => {
    if (!review) return;
    mutation.mutate(
      { accountId, request: review.request, idempotencyKey: review.key },
      {
        onSuccess: (result) => {
          setReceipt(result);
          setReview(null);
        },
        onError: (error) => {
          if (isApiClientError(error) && error.fields.length > 0) {
            setReview(null);
            applyFieldErrors(error, form.setError, fieldNames);
          }
        },
      },
    );
  };

  if (receipt && 'pendingApproval' in receipt)
    return <HeldForApproval approval={receipt.pendingApproval} />;
  if (receipt) return <DisbursementResult receipt={receipt} />;

  const wire = type !== 'ach';
  const unknownOutcome = isApiClientError(mutation.error) && mutation.error.submitted !== 'no';

  return (
    <Box
      component="form"
      noValidate
      onSubmit={openReview}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 560 }}
    >
      <FormRadioGroup
        name="type"
        control={form.control}
        label="How to send the money"
        options={typeOptions}
        required
      />
      <FormTextField
        name="amount"
        control={form.control}
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        helperText="Up to six decimal places, such as 1250.50"
        required
      />
      {type === 'ach' && (
        <Typography variant="body2" color="text.secondary">
          ACH transfers go to the bank account linked to this account; no bank details are needed.
        </Typography>
      )}
      {wire && (
        <>
          <FormTextField
            name="bankId"
            control={form.control}
            label={type === 'wire_domestic' ? 'Routing number' : 'SWIFT/BIC code'}
            inputMode={type === 'wire_domestic' ? 'numeric' : 'text'}
            autoComplete="off"
            helperText={
              type === 'wire_domestic'
                ? '9 digits (ABA)'
                : '8 to 11 letters and digits, such as DEUTDEFF'
            }
            required
          />
          <FormTextField
            name="bankAccountId"
            control={form.control}
            label={type === 'wire_domestic' ? 'Account number' : 'IBAN or account number'}
            inputMode={type === 'wire_domestic' ? 'numeric' : 'text'}
            autoComplete="off"
            helperText={type === 'wire_domestic' ? '6 to 17 digits' : '14 to 34 letters and digits'}
            required
          />
          <FormTextField
            name="additionalDetails"
            control={form.control}
            label="Additional details (optional)"
            multiline
            helperText={`Instructions for the wire, up to ${ADDITIONAL_DETAILS_MAX} characters`}
          />
        </>
      )}
      <Box>
        <Button type="submit" variant="contained">
          Review request
        </Button>
      </Box>

      <Dialog
        open={review !== null}
        onClose={() => (mutation.isPending ? undefined : setReview(null))}
        aria-labelledby="disbursement-review-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="disbursement-review-title">Review your disbursement request</DialogTitle>
        <DialogContent>
          {review && <ReviewSummary accountId={accountId} request={review.request} />}
          {mutation.isPending && <LinearProgress aria-label="Sending the request" sx={{ mt: 2 }} />}
          {mutation.isError &&
            !(isApiClientError(mutation.error) && mutation.error.fields.length > 0) && (
              <Box sx={{ mt: 2 }}>
                <SubmissionError
                  error={mutation.error}
                  whereToCheck={
                    <>
                      check the{' '}
                      <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
                        requests and timeline of this account
                      </Link>{' '}
                      (it is listed there with our reference) or contact support
                    </>
                  }
                />
              </Box>
            )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setReview(null)} disabled={mutation.isPending}>
            Back to edit
          </Button>
          {!unknownOutcome && (
            <Button variant="contained" onClick={send} disabled={mutation.isPending || !armed}>
              {mutation.isError ? 'Try again' : 'Send request'}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}

type BankFields = Pick<Values, 'bankId' | 'bankAccountId' | 'additionalDetails'>;
const emptyBankFields: BankFields = { bankId: '', bankAccountId: '', additionalDetails: '' };

/**
 * A routing number is no SWIFT code (§4.5): each wire type keeps what was typed for it, so
 * switching type neither carries one into the other nor leaves the other type's error behind.
 */
function useSeparateBankFieldsPerType(
  form: ReturnType<typeof useForm<Values>>,
  type: Values['type'],
) {
  const previous = useRef(type);
  const kept = useRef<Partial<Record<Values['type'], BankFields>>>({});
  useEffect(() => {
    const left = previous.current;
    if (left === type) return;
    previous.current = type;
    const { bankId, bankAccountId, additionalDetails } = form.getValues();
    kept.current[left] = { bankId, bankAccountId, additionalDetails };
    const restored = kept.current[type] ?? emptyBankFields;
    form.clearErrors(['bankId', 'bankAccountId', 'additionalDetails']);
    for (const name of ['bankId', 'bankAccountId', 'additionalDetails'] as const) {
      form.resetField(name, { defaultValue: restored[name] });
    }
  }, [form, type]);
}

function ReviewSummary({
  accountId,
  request,
}: {
  accountId: string;
  request: DisbursementRequest;
}) {
  const items: [string, ReactNode][] = [
    ['From account', <Code key="account" value={accountId} />],
    ['Method', disbursementTypeLabels[request.type]],
    ['Amount', formatMoney(request.amount)],
  ];
  if (request.type !== 'ach') {
    items.push(
      [
        request.type === 'wire_domestic' ? 'Routing number' : 'SWIFT/BIC code',
        // Its author sees what they typed in full to check it; the receipt masks it.
        <Code key="bank" value={request.bankId} />,
      ],
      [
        request.type === 'wire_domestic' ? 'Account number' : 'IBAN or account number',
        <Code key="bank-account" value={request.bankAccountId} />,
      ],
      ['Additional details', request.additionalDetails || 'None'],
    );
  }
  return (
    <>
      <Typography>
        Check the details below. Nothing is sent until you choose Send request.
      </Typography>
      <DescriptionList items={items} />
    </>
  );
}

function HeldForApproval({ approval }: { approval: Approval }) {
  return (
    <Alert severity="info" role="status">
      <AlertTitle>Waiting for approval: nothing sent yet</AlertTitle>
      <DescriptionList
        items={[
          ['Amount', formatMoney(approval.amount)],
          ['Status', approvalStateLabels[approval.state]],
          ['Approval id', <Code key="id" value={approval.id} />],
        ]}
      />
      <Box sx={{ mt: 2 }}>
        Disbursements this large are sent only after a second person approves them. Follow it on{' '}
        <Link component={RouterLink} to={paths.app.approvals.getHref()}>
          Disbursement approvals
        </Link>
        .
      </Box>
    </Alert>
  );
}

function DisbursementResult({ receipt }: { receipt: DisbursementReceipt }) {
  return (
    <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount}>
      <AlertTitle>Disbursement requested</AlertTitle>
      <DescriptionList
        items={[
          ['Request ID', <Code key="id" value={receipt.requestId} />],
          [
            'Status',
            receipt.status === 'pending' ? 'Pending: waiting to be processed' : receipt.status,
          ],
          ['Amount', formatMoney(receipt.amount)],
          ['Method', disbursementTypeLabels[receipt.type]],
          ...(receipt.bankAccountIdMasked
            ? ([['Bank account', receipt.bankAccountIdMasked]] as [string, string][])
            : []),
          ...(receipt.createdAt
            ? ([['Requested', formatTimestamp(receipt.createdAt)]] as [string, string][])
            : []),
        ]}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <Link component={RouterLink} to={paths.app.account.getHref(receipt.accountId)}>
          Back to the account
        </Link>
        <Link component={RouterLink} to={paths.app.accountMoney.getHref(receipt.accountId)}>
          See it on the account's timeline
        </Link>
      </Box>
    </Alert>
  );
}
