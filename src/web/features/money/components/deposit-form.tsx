import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { z } from 'zod';
import {
  depositFormSchema,
  linkedBankName,
  type DepositForm as DepositRequest,
  type DepositReceipt,
  type LinkedBankResult,
} from '../../../../contract/cash';
import type { CustodyAccountResult } from '../../../../contract/custody-views';
import { DEPOSIT_MAX_AMOUNT } from '../../../../contract/money-limits';
import { APPROVAL_BATCH_NEXT } from '../../../../contract/money-requests';
import {
  Code,
  DescriptionList,
  SectionCard,
  sectionId,
} from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { Form, useZodForm } from '../../../components/form/form';
import { FormAmountField } from '../../../components/form/form-amount-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { MoneyRequestReview } from '../../../components/form/money-request-review';
import { useReviewAndSubmit } from '../../../components/form/review-and-submit';
import { receiptIdRows, SubmittedResult } from '../../../components/form/submitted-result';
import { QueryState } from '../../../components/query-state';
import { CustodyStandingNotice } from '../../../components/custody-standing';
import { mayPassOnRetry } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { nextBatchAfter } from '../../../lib/approval-batch';
import { useCreateDeposit } from '../api/create-deposit';
import { useLinkedBank } from '../api/get-linked-bank';
import { linkedBankHref } from './linked-bank-panel';
import { sentAsRow, useUnsettled } from '../../../components/form/unsettled-requests';
import { RequestOnItsWay, useSentFromHere } from '../../../components/form/sent-from-here';

type Values = { amount: string; description: string };
// The schema outputs the request: the amount in canonical form, the description trimmed.
const formSchema = depositFormSchema as unknown as z.ZodType<DepositRequest, Values>;

type LinkedBank = Extract<LinkedBankResult, { state: 'linked' }>['bank'];

const DEPOSIT_TITLE = 'Deposit into the custody account';

/** Where the deposit form lives: its section of the account's Money and timeline page. */
export const depositHref = (accountId: string) =>
  `${paths.app.accountMoney.getHref(accountId)}#${sectionId(DEPOSIT_TITLE)}`;

/**
 * A deposit from the linked bank into the custody account (fundCustodyAccount, §4.16). It is
 * pulled from the linked bank, so without one there is no form; with one, the person reviews
 * amount and bank before anything is sent.
 */
export function DepositForm({
  accountId,
  custody,
}: {
  accountId: string;
  /**
   * The account's custody account as the page read it (undefined until it has): the deposit
   * goes into it, so an account without one gets no form.
   */
  custody?: CustodyAccountResult;
}) {
  const bank = useLinkedBank(accountId);
  // A deposit sent from this form: on its way since an earlier visit (the person left while it
  // was being sent), then its receipt, which replaces the form until the person asks for another.
  const sent = useSentFromHere<DepositRequest, DepositReceipt>('deposit', accountId);
  // Each deposit is a fresh form and review flow (a new Idempotency-Key), after the last receipt.
  const [round, setRound] = useState(0);
  if (custody?.state === 'unavailable' && custody.reason === 'not_opened') {
    // fundCustodyAccount pays into the custody account (§4.16): without one the platform can
    // only refuse, so the person is told before typing anything, as for a missing bank.
    return (
      <SectionCard title={DEPOSIT_TITLE}>
        <Alert severity="info" sx={{ mt: 1 }}>
          <AlertTitle>No custody account to deposit into</AlertTitle>A deposit goes into the custody
          account of this account, and it has none yet, so no deposit can be made.{' '}
          <Link component={RouterLink} to={paths.app.iraSupplement.getHref(accountId)}>
            Opening an IRA
          </Link>{' '}
          starts one.
        </Alert>
      </SectionCard>
    );
  }
  if (sent.receipt || sent.onItsWay) {
    return (
      <SectionCard title={DEPOSIT_TITLE}>
        {sent.receipt ? (
          <DepositResult
            receipt={sent.receipt}
            onAnother={() => {
              sent.forget();
              setRound((n) => n + 1);
            }}
          />
        ) : (
          sent.onItsWay && (
            <Box sx={{ mt: 1 }}>
              <RequestOnItsWay
                what="deposit"
                sent={`A deposit of ${formatMoney(sent.onItsWay.amount)}`}
                where={
                  <>
                    this page&apos;s{' '}
                    <Link
                      component={RouterLink}
                      to={`${paths.app.accountMoney.getHref(accountId)}#${sectionId('Requests sent from the portal')}`}
                    >
                      Requests sent from the portal
                    </Link>{' '}
                    and Timeline
                  </>
                }
              />
            </Box>
          )
        )}
      </SectionCard>
    );
  }
  return (
    <SectionCard title={DEPOSIT_TITLE}>
      <QueryState
        query={bank}
        subject="the linked bank account"
        skeletonLines={2}
        // The Bank account for ACH section beside this one reads the same bank and tells its
        // failure, with the support id and Try again: said once there, and pointed to here.
        failureToldElsewhere={
          // A note, not a second alert: the failure is announced once, by that section.
          <Alert severity="warning" role="note" sx={{ mt: 1 }}>
            <AlertTitle>No deposit for now</AlertTitle>A deposit comes from the bank account linked
            to this account, which could not be read, so no deposit can be made until it is.{' '}
            {mayPassOnRetry(bank.error) ? 'Why, with Try again' : 'Why'}:{' '}
            <Link component={RouterLink} to={linkedBankHref(accountId)}>
              Bank account for ACH
            </Link>
            .
          </Alert>
        }
      >
        {(data) =>
          data.state === 'linked' ? (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <CustodyStandingNotice accountId={accountId} result={custody} what="deposit" />
              <DepositFields
                key={round}
                accountId={accountId}
                bank={data.bank}
                focusFirst={round > 0}
              />
            </Box>
          ) : (
            <Alert severity="info" sx={{ mt: 1 }}>
              A deposit comes from the bank account linked to this account, and none is linked: link
              one first.
            </Alert>
          )
        }
      </QueryState>
    </SectionCard>
  );
}

function DepositFields({
  accountId,
  bank,
  focusFirst,
}: {
  accountId: string;
  bank: LinkedBank;
  /** Opened by "Make another deposit", which went away with the receipt: focus goes on. */
  focusFirst: boolean;
}) {
  const form = useZodForm(formSchema, { amount: '', description: '' }, focusFirst && 'amount');
  const flow = useReviewAndSubmit({
    mutation: useCreateDeposit(accountId),
    variables: ({ amount, description, additionalTo }: DepositRequest, idempotencyKey) => ({
      accountId,
      request: {
        amount,
        ...(description ? { description } : {}),
        ...(additionalTo ? { additionalTo } : {}),
      },
      idempotencyKey,
    }),
    onFieldErrors: (error) => applyFieldErrors(error, form.setError, ['amount', 'description']),
  });
  // A deposit of this account that may have gone through (being sent, or of unknown outcome) is
  // named, and a new one waits for the person to confirm it is an additional one.
  const unsettled = useUnsettled({ accountId, kind: 'deposit', failure: flow.failure });

  // Its receipt is remembered for the form above (lib/receipts), which shows it in its place.
  return (
    <>
      <Form
        form={form}
        onValid={unsettled.reviewWith(flow.begin)}
        sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 420 }}
      >
        <FormAmountField
          name="amount"
          control={form.control}
          label="Deposit amount (USD)"
          helperText={`Dollars and whole cents, up to ${formatMoney(DEPOSIT_MAX_AMOUNT)}, from ${linkedBankName(bank)}.`}
        />
        <FormTextField name="description" control={form.control} label="Description (optional)" />
        <MoneyRequestReview unsettled={unsettled} flow={flow}>
          {(request) => (
            <DescriptionList
              items={[
                ['Amount', formatMoney(request.amount)],
                ['From bank', linkedBankName(bank)],
                ['Into', <Code key="account" value={accountId} />],
                ['Description', request.description || 'None'],
                ...(request.additionalTo
                  ? [sentAsRow('deposit', request.additionalTo, unsettled.sameRecently)]
                  : []),
              ]}
            />
          )}
        </MoneyRequestReview>
      </Form>
    </>
  );
}

function DepositResult({ receipt, onAnother }: { receipt: DepositReceipt; onAnother: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 1, justifyItems: 'start' }}>
      <SubmittedResult
        title="Deposit requested"
        items={[
          ...receiptIdRows('Fund move', receipt.referenceNumber, receipt.reference),
          ['Amount', formatMoney(receipt.amount)],
          receipt.bankName && ['From bank', receipt.bankName],
          // When the batch decides it, in the words of the timeline: the viewer's time, then
          // the batch's own.
          ['Status', "Waiting for the platform's approval"],
          ['Next step', `${APPROVAL_BATCH_NEXT} ${nextBatchAfter(receipt.createdAt)}`],
        ]}
        links={[]}
      />
      <Button variant="outlined" onClick={onAnother}>
        Make another deposit
      </Button>
    </Box>
  );
}
