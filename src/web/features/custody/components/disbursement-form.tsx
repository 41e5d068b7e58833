import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import {
  ADDITIONAL_DETAILS_MAX,
  approvalWaitReason,
  disbursementTypeLabels,
  HELD_SIGN_IN_WAIT,
  makeDisbursementFormSchema,
  wireNumberLabels,
  type DisbursementForm as DisbursementRequest,
  type DisbursementReceipt,
} from '../../../../contract/disbursements';
import { linkedBankName, type LinkedBankResult } from '../../../../contract/cash';
import { acceptedDisbursementState } from '../../../../contract/money-requests';
import { parseDecimal } from '../../../../contract/decimal';
import { approvalStateLabels, type Approval } from '../../../../contract/identity';
import { Code, DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { AskBeforeDroppingEdits } from '../../../components/form/ask-before-dropping-edits';
import { Form, useZodForm } from '../../../components/form/form';
import { FormAmountField } from '../../../components/form/form-amount-field';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { optionsFromLabels } from '../../../components/form/options-from-labels';
import { MoneyRequestReview } from '../../../components/form/money-request-review';
import { useReviewAndSubmit } from '../../../components/form/review-and-submit';
import {
  backToAccountLinks,
  ourReferenceRow,
  receiptIdRows,
  SubmittedResult,
} from '../../../components/form/submitted-result';
import { AccountRequestsLink } from '../../../components/form/submission-error';
import { paths } from '../../../config/paths';
import { errorMessage, mayPassOnRetry } from '../../../lib/api-client';
import { formatTimestamp, formatMoney } from '../../../lib/format';
import { nextBatchAfter } from '../../../lib/approval-batch';
import { useCreateDisbursement } from '../api/create-disbursement';
import { disbursementApprovalTotalQueryOptions } from '../api/get-disbursement-approval-total';
import { sentAsRow, useUnsettled } from '../../../components/form/unsettled-requests';
import { BusyRetryButton } from '../../../components/busy-retry-button';
import { focusOnMount, useRetryThenFocus } from '../../../lib/focus';
import { NoCustodyBalance } from './custody-account-panel';

/** What the fields hold while typing; the schema turns it into one of the three request shapes. */
type Values = {
  type: DisbursementRequest['type'];
  amount: string;
  bankId: string;
  bankAccountId: string;
  additionalDetails: string;
};
// The schema outputs the request: only the chosen type's fields, normalized.
const formSchema = (ceiling?: string) =>
  makeDisbursementFormSchema(ceiling) as unknown as z.ZodType<DisbursementRequest, Values>;

const fieldNames = ['type', 'amount', 'bankId', 'bankAccountId', 'additionalDetails'] as const;

const typeOptions = (achAvailable: boolean) =>
  optionsFromLabels(disbursementTypeLabels).map((option) => ({
    ...option,
    disabled: option.value === 'ach' && !achAvailable,
  }));

/** What the bank's and the account's numbers are called, and look like, for each kind of wire. */
const wireNumbers = {
  wire_domestic: {
    inputMode: 'numeric',
    bankId: { label: wireNumberLabels.wire_domestic.bankId, helperText: '9 digits (ABA)' },
    bankAccountId: {
      label: wireNumberLabels.wire_domestic.bankAccountId,
      helperText: '6 to 17 digits',
    },
  },
  wire_international: {
    inputMode: 'text',
    bankId: {
      label: wireNumberLabels.wire_international.bankId,
      helperText: '8 to 11 letters and digits, such as DEUTDEFF',
    },
    bankAccountId: {
      label: wireNumberLabels.wire_international.bankAccountId,
      helperText: '14 to 34 letters and digits',
    },
  },
} as const;

export function DisbursementForm({
  accountId,
  ceiling,
  linkedBank,
  bankCheck,
  focusFirst = false,
  approvalAbove,
}: {
  accountId: string;
  /**
   * The per-request ceiling the BFF enforces (DISBURSEMENT_MAX_AMOUNT, from `GET /api/config`):
   * an amount above it is refused at review with the BFF's own words. Unknown, the BFF alone
   * checks it.
   */
  ceiling?: string;
  /**
   * The bank ACH sends to (§4.5: the one linked through linkExternalAccount). With none linked,
   * ACH is not offered; a read that failed is `bankCheck`, and ACH is not offered either. The BFF
   * checks again on arrival and refuses an ACH whose linked bank it cannot confirm.
   */
  linkedBank?: LinkedBankResult;
  /**
   * The page could not read whether a bank is linked: ACH is not offered (it would go to a bank
   * that may not exist), the page says so, and the read can be tried again from here.
   */
  bankCheck?: BankCheck;
  /** Opened by "Make another disbursement", which went away with the receipt: focus goes on. */
  focusFirst?: boolean;
  /**
   * The amount above which a disbursement waits for a second person's approval
   * (DISBURSEMENT_APPROVAL_ABOVE, from the session): said by the amount and on review, so nobody
   * learns it only after sending. Unset, nothing waits.
   */
  approvalAbove?: string;
}) {
  const achAvailable = bankCheck === undefined && linkedBank?.state !== 'none';
  const schema = useMemo(() => formSchema(ceiling), [ceiling]);
  const form = useZodForm(
    schema,
    {
      type: achAvailable ? 'ach' : 'wire_domestic',
      amount: '',
      bankId: '',
      bankAccountId: '',
      additionalDetails: '',
    },
    focusFirst && 'type',
  );
  const type = useWatch({ control: form.control, name: 'type' });
  useSeparateBankFieldsPerType(form, type);
  const retryBankCheck = useRetryBankCheck(bankCheck);
  const flow = useReviewAndSubmit({
    mutation: useCreateDisbursement(accountId),
    variables: (request: DisbursementRequest, idempotencyKey) => ({
      accountId,
      request,
      idempotencyKey,
    }),
    onFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldNames),
  });
  // A disbursement of this account that may have paid out (being sent, or of unknown outcome) is
  // named, and a new one waits for the person to confirm it is an additional one.
  const unsettled = useUnsettled({ accountId, kind: 'disbursement', failure: flow.failure });
  // A wire's bank details are the work a person would lose by leaving: they are asked first. Not
  // while the request is on its way (the review asks then) or may have been sent.
  const wireDetails = useWatch({
    control: form.control,
    name: ['bankId', 'bankAccountId', 'additionalDetails'],
  });
  const wireTyped = type !== 'ach' && wireDetails.some((value) => value.trim() !== '');

  // The page shows the answer, remembered for it (lib/receipts); shown alone, the form does.
  if (flow.result) return <DisbursementAnswer answer={flow.result} />;

  return (
    <Form
      form={form}
      onValid={unsettled.reviewWith(flow.begin)}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 560 }}
    >
      <FormRadioGroup
        name="type"
        control={form.control}
        label="How to send the money"
        options={typeOptions(achAvailable)}
        required
      />
      {bankCheck && <BankNotChecked check={bankCheck} onRetry={retryBankCheck} />}
      {!achAvailable && !bankCheck && (
        <Alert severity="info">
          ACH is not available: no bank account is linked to this account, and ACH can only send to
          a linked one. Send the money by wire, or link a bank account on the{' '}
          <Link component={RouterLink} to={paths.app.accountMoney.getHref(accountId)}>
            Money and timeline
          </Link>{' '}
          page first.
        </Alert>
      )}
      <FormAmountField
        name="amount"
        control={form.control}
        label="Amount (USD)"
        helperText={`Dollars and whole cents${ceiling ? `, up to ${formatMoney(ceiling)} per request` : ''}, such as 1250.50${approvalAbove ? `. ${approvalWords(approvalAbove)}` : ''}`}
      />
      <NoCustodyBalance accountId={accountId} />
      {type === 'ach' && (
        <Typography variant="body2" color="textSecondary">
          {linkedBank?.state === 'linked'
            ? `ACH transfers go to ${linkedBankName(linkedBank.bank)}, the bank account linked to this account; no bank details are needed.`
            : 'ACH transfers go to the bank account linked to this account; no bank details are needed.'}
        </Typography>
      )}
      {type !== 'ach' && (
        <>
          {(['bankId', 'bankAccountId'] as const).map((name) => (
            <FormTextField
              key={name}
              name={name}
              control={form.control}
              label={wireNumbers[type][name].label}
              inputMode={wireNumbers[type].inputMode}
              autoComplete="off"
              helperText={wireNumbers[type][name].helperText}
              required
            />
          ))}
          <FormTextField
            name="additionalDetails"
            control={form.control}
            label="Additional details (optional)"
            multiline
            helperText={`Instructions for the wire, up to ${ADDITIONAL_DETAILS_MAX} characters`}
          />
        </>
      )}
      <AskBeforeDroppingEdits
        dirty={wireTyped && !flow.pending && !flow.outcomeUnknown}
        what="this disbursement (the wire's bank details)"
        then="send"
      />
      <MoneyRequestReview unsettled={unsettled} flow={flow}>
        {(request) => (
          <ReviewSummary
            accountId={accountId}
            request={request}
            approvalAbove={approvalAbove}
            linkedBank={linkedBank}
            sameRecently={unsettled.sameRecently}
          />
        )}
      </MoneyRequestReview>
    </Form>
  );
}

/** The linked-bank read that failed, as the page tries it again. */
type BankCheck = { error: unknown; retrying: boolean; retry: () => void };

/**
 * Try again pressed in the bank check: when the check answers and its notice goes, focus moves to
 * the way of sending the check decided: ACH when it is now offered, else the way chosen.
 */
function useRetryBankCheck(bankCheck: BankCheck | undefined) {
  return useRetryThenFocus({
    answered: bankCheck === undefined,
    retry: () => bankCheck?.retry(),
    next: () => {
      const choices = [...document.querySelectorAll<HTMLInputElement>('input[name="type"]')];
      const ach = choices.find((choice) => choice.value === 'ach' && !choice.disabled);
      return ach ?? choices.find((choice) => choice.checked);
    },
  });
}

function BankNotChecked({ check, onRetry }: { check: BankCheck; onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      role="status"
      action={
        // A read refused for good would be refused alike: no Try again then (mayPassOnRetry).
        mayPassOnRetry(check.error) && (
          <BusyRetryButton busy={check.retrying} busyLabel="Checking…" onRetry={onRetry} />
        )
      }
    >
      <AlertTitle>The linked bank account could not be checked</AlertTitle>
      {/* The error's own words already ask to try again in a moment: not said twice. */}
      {check.error ? `${errorMessage(check.error)} ` : ''}Whether a bank account is linked to this
      account cannot be checked right now, so ACH cannot be offered until it can. Meanwhile the
      money can be sent by wire.
    </Alert>
  );
}

type BankFields = Pick<Values, 'bankId' | 'bankAccountId' | 'additionalDetails'>;
const emptyBankFields: BankFields = { bankId: '', bankAccountId: '', additionalDetails: '' };

/**
 * A routing number is no SWIFT code (§4.5): each wire type keeps what was typed for it, so
 * switching type neither carries one into the other nor leaves the other type's error behind.
 */
function useSeparateBankFieldsPerType(
  form: UseFormReturn<Values, unknown, DisbursementRequest>,
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

/** The rule of the second approval, in the words the form and its review both use. */
const approvalWords = (above: string) =>
  `Amounts above ${formatMoney(above)}, by themselves or with this account's other disbursements of the last 24 hours, wait for a second person's approval before anything is sent.`;

/**
 * What the review says of the second approval: whether this one will wait and why, in the words
 * its answer gives, from what the BFF reads as the review opens: the account's disbursements of
 * the last 24 hours against DISBURSEMENT_APPROVAL_ABOVE (`above`, approvalWaitReason), and whether
 * an administrator holds this sign-in, whatever the amount (HELD_SIGN_IN_WAIT). Null: it goes at once.
 */
function useApprovalOnReview(
  accountId: string,
  amount: string,
  above: string | undefined,
): string | null {
  const asked = parseDecimal(amount);
  const alone = above && asked !== null ? approvalWaitReason(asked, '0', above) : null;
  const total = useQuery({
    ...disbursementApprovalTotalQueryOptions(accountId),
    enabled: asked !== null && !alone,
    // One sent a moment ago counts: read again each time the review opens.
    staleTime: 0,
  });
  if (asked === null) return null;
  const read = total.data;
  const why =
    alone ??
    (read && above ? approvalWaitReason(asked, read.earlier, above) : null) ??
    (read?.heldSignIn ? HELD_SIGN_IN_WAIT : null);
  if (why) return `${why} Nothing is sent until then.`;
  // Without a limit, only a held sign-in makes it wait, and its answer says so: no figure to
  // check, nothing to say while it is read or when it cannot be.
  if (!above) return null;
  if (total.isError) {
    return `This account's disbursements of the last 24 hours could not be read just now, so whether this one waits is told when it is sent. ${approvalWords(above)}`;
  }
  if (total.isPending) return "Checking this account's disbursements of the last 24 hours…";
  return null;
}

function ReviewSummary({
  accountId,
  request,
  approvalAbove,
  linkedBank,
  sameRecently,
}: {
  accountId: string;
  request: DisbursementRequest;
  approvalAbove?: string;
  linkedBank?: LinkedBankResult;
  /** Whether what it is sent besides is the same disbursement made moments ago. */
  sameRecently: boolean;
}) {
  const items: [string, ReactNode][] = [
    ['From account', <Code key="account" value={accountId} />],
    ['Method', disbursementTypeLabels[request.type]],
    ['Amount', formatMoney(request.amount)],
  ];
  const approval = useApprovalOnReview(accountId, request.amount, approvalAbove);
  if (approval) items.push(['Approval', approval]);
  if (request.type === 'ach' && linkedBank?.state === 'linked') {
    items.push(['To bank', linkedBankName(linkedBank.bank)]);
  }
  if (request.additionalTo)
    items.push(sentAsRow('disbursement', request.additionalTo, sameRecently));
  if (request.type !== 'ach') {
    items.push(
      [
        wireNumbers[request.type].bankId.label,
        // Its author sees what they typed in full to check it; the receipt masks it.
        <Code key="bank" value={request.bankId} />,
      ],
      [
        wireNumbers[request.type].bankAccountId.label,
        <Code key="bank-account" value={request.bankAccountId} />,
      ],
      ['Additional details', request.additionalDetails || 'None'],
    );
  }
  return (
    <>
      <DescriptionList items={items} />
    </>
  );
}

/** What a disbursement request was answered: its receipt, or its hold for approval. */
export function DisbursementAnswer({
  answer,
}: {
  answer: DisbursementReceipt | { pendingApproval: Approval; why?: string };
}) {
  return 'pendingApproval' in answer ? (
    <HeldForApproval approval={answer.pendingApproval} why={answer.why} />
  ) : (
    <DisbursementResult receipt={answer} />
  );
}

/** Focus comes here as it appears, as on a receipt: the form the person sent from is gone. */
function HeldForApproval({ approval, why }: { approval: Approval; why?: string }) {
  return (
    <Alert severity="info" role="status" tabIndex={-1} ref={focusOnMount}>
      <AlertTitle>Waiting for approval: nothing sent yet</AlertTitle>
      <DescriptionList
        items={[
          // The reference the register, the timeline and the approvals page all give it.
          ...(approval.reference ? [ourReferenceRow(approval.reference)!] : []),
          ['Amount', formatMoney(approval.amount)],
          ['Status', approvalStateLabels[approval.state]],
          // Which request this is, as its receipt would have said once sent: how, where to, when.
          [
            'Method',
            Object.hasOwn(disbursementTypeLabels, approval.type)
              ? disbursementTypeLabels[approval.type as keyof typeof disbursementTypeLabels]
              : approval.type,
          ],
          ...(approval.destination
            ? [['Bank account', approval.destination.bankAccountIdMasked] as [string, string]]
            : []),
          ['Requested', formatTimestamp(approval.createdAt)],
        ]}
      />
      <Box sx={{ mt: 2 }}>
        {/* The BFF's words say why: this amount, or the account's total of the last 24 hours. */}
        {why ?? 'Disbursements this large are sent only after a second person approves them.'}{' '}
        Follow it on{' '}
        {/* The approvals page opened on this one request, marked; an investor's menu names it
            Held disbursements. */}
        <Link
          component={RouterLink}
          to={paths.app.approvals.getHref(
            approval.reference ? { reference: approval.reference } : { approval: approval.id },
          )}
        >
          Held disbursements
        </Link>{' '}
        or on <AccountRequestsLink accountId={approval.accountId} />.
      </Box>
    </Alert>
  );
}

function DisbursementResult({ receipt }: { receipt: DisbursementReceipt }) {
  // Just accepted, its fund move is not read yet: the platform's answer leaves it pending (§3).
  const accepted = acceptedDisbursementState(null);
  return (
    <SubmittedResult
      title="Disbursement requested"
      items={[
        // The platform's request id as the account's requests list names it, and our reference,
        // as the deposit and investment receipts give their platform ids beside it.
        ...receiptIdRows('Request ID', receipt.requestId, receipt.reference),
        // Where it stands and what comes next, in the words of the requests list and the timeline.
        ['Status', receipt.status === 'pending' ? accepted.label : receipt.status],
        receipt.status === 'pending' &&
          accepted.next && [
            'Next step',
            // The batch's time as the timeline says it: the viewer's, then Mountain Time.
            accepted.awaitsBatch
              ? `${accepted.next} ${nextBatchAfter(receipt.createdAt)}`
              : accepted.next,
          ],
        ['Amount', formatMoney(receipt.amount)],
        ['Method', disbursementTypeLabels[receipt.type]],
        receipt.bankName && ['To bank', receipt.bankName],
        receipt.bankAccountIdMasked && ['Bank account', receipt.bankAccountIdMasked],
        receipt.createdAt && ['Requested', formatTimestamp(receipt.createdAt)],
      ]}
      links={backToAccountLinks(receipt.accountId)}
    />
  );
}
