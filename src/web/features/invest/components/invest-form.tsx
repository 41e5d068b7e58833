import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountSummary } from '../../../../contract/account-views';
import {
  checkInvestment,
  describeInvestmentBounds,
  makeInvestmentFormSchema,
  paymentMethodLabels,
  type InvestmentForm as InvestmentValues,
  type InvestmentReceipt,
} from '../../../../contract/investments';
import type { Offering } from '../../../../contract/offerings';
import { Code, DescriptionList } from '../../../components/description-list';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { FormNativeSelect } from '../../../components/form/form-native-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { paths } from '../../../config/paths';
import { isApiClientError, newIdempotencyKey } from '../../../lib/api-client';
import { useArmed } from '../../../lib/use-armed';
import { formatDecimal, formatTimestamp, formatMoney } from '../../../lib/format';
import { SubmissionError } from '../../custody/components/submission-outcome';
import { useCreateInvestment } from '../api/create-investment';
import { focusOnMount } from '../../../lib/focus';
import { useQueryClient } from '@tanstack/react-query';
import { rememberReceipt } from '../../money/api/receipts';

const paymentOptions = (Object.keys(paymentMethodLabels) as InvestmentValues['paymentMethod'][])
  .filter((method) => method !== 'credit_card')
  .map((value) => ({ value, label: paymentMethodLabels[value] }));

const accountLabel = (account: AccountSummary) =>
  account.name ? `${account.name} (${account.id})` : `Account ${account.id}`;

type InvestFormProps = { offering: Offering; accounts: AccountSummary[] };

/** Choose an account and units, review, then submit once (decision 9). */
export function InvestForm({ offering, accounts }: InvestFormProps) {
  const schema = useMemo(() => makeInvestmentFormSchema(offering), [offering]);
  const form = useForm<InvestmentValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      accountId: accounts.length === 1 ? accounts[0].id : '',
      units: '',
      paymentMethod: 'ach',
    },
    mode: 'onTouched',
  });
  const units = useWatch({ control: form.control, name: 'units' });
  const [review, setReview] = useState<{ values: InvestmentValues; key: string } | null>(null);
  const [receipt, setReceipt] = useState<InvestmentReceipt | null>(null);
  const mutation = useCreateInvestment();
  const queryClient = useQueryClient();
  const armed = useArmed(review !== null);

  if (receipt) return <InvestmentResult receipt={receipt} />;

  const quote = units ? checkInvestment(offering, units) : null;
  const openReview = form.handleSubmit((values) => {
    mutation.reset();
    setReview({ values, key: newIdempotencyKey() });
  });

  const submit = () => {
    if (!review) return;
    mutation.mutate(
      { offeringId: offering.id, request: review.values, idempotencyKey: review.key },
      {
        onSuccess: (confirmed) => {
          // Kept beyond this component: a refresh (sold out) must not replace the receipt.
          rememberReceipt(queryClient, 'investment', offering.id, confirmed);
          setReceipt(confirmed);
        },
        onError: (error) => {
          if (isApiClientError(error) && error.fields.length > 0) {
            setReview(null);
            applyFieldErrors(error, form.setError, ['accountId', 'units', 'paymentMethod']);
          }
        },
      },
    );
  };

  if (review) {
    const account = accounts.find((a) => a.id === review.values.accountId);
    const reviewed = checkInvestment(offering, review.values.units);
    const unknownOutcome = isApiClientError(mutation.error) && mutation.error.submitted !== 'no';
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="invest-review-title"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography
          component="h2"
          variant="h2"
          id="invest-review-title"
          tabIndex={-1}
          ref={focusOnMount}
          sx={{ outline: 'none' }}
        >
          Review your investment
        </Typography>
        <Typography sx={{ mt: 1 }}>Nothing is submitted until you confirm.</Typography>
        <DescriptionList
          items={[
            ['Offering', offering.name],
            ['From account', account ? accountLabel(account) : review.values.accountId],
            ['Units', formatDecimal(review.values.units)],
            ['Unit price', formatMoney(offering.unitPrice)],
            ['Amount', reviewed.ok ? formatMoney(reviewed.value.amount) : '—'],
            ['Payment', paymentMethodLabels[review.values.paymentMethod]],
          ]}
        />
        {mutation.isPending && (
          <LinearProgress aria-label="Submitting the investment" sx={{ mt: 2 }} />
        )}
        {mutation.isError &&
          !(isApiClientError(mutation.error) && mutation.error.fields.length > 0) && (
            <Box sx={{ mt: 2 }}>
              <SubmissionError
                error={mutation.error}
                whereToCheck={
                  <>
                    check the{' '}
                    <Link component={RouterLink} to={paths.app.offering.getHref(offering.id)}>
                      offering
                    </Link>{' '}
                    for your purchase or contact support
                  </>
                }
              />
            </Box>
          )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          <Button onClick={() => setReview(null)} disabled={mutation.isPending}>
            Edit
          </Button>
          {!unknownOutcome && (
            <Button variant="contained" onClick={submit} disabled={mutation.isPending || !armed}>
              {mutation.isError ? 'Try again' : 'Confirm investment'}
            </Button>
          )}
        </Box>
      </Paper>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={openReview}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 560 }}
    >
      <FormNativeSelect
        name="accountId"
        control={form.control}
        label="Invest from account"
        placeholder="Choose an account"
        options={accounts.map((account) => ({ value: account.id, label: accountLabel(account) }))}
        required
      />
      <FormTextField
        name="units"
        control={form.control}
        label="Units"
        inputMode="numeric"
        autoComplete="off"
        helperText={describeInvestmentBounds(offering)}
        required
      />
      <Typography aria-live="polite" data-testid="invest-amount">
        {quote?.ok
          ? `Amount: ${formatMoney(quote.value.amount)} (${formatDecimal(quote.value.units)} × ${formatMoney(offering.unitPrice)})`
          : 'Amount: enter a number of units'}
      </Typography>
      <FormNativeSelect
        name="paymentMethod"
        control={form.control}
        label="Payment method"
        options={paymentOptions}
        required
      />
      <Box>
        <Button type="submit" variant="contained">
          Review investment
        </Button>
      </Box>
    </Box>
  );
}

export function InvestmentResult({ receipt }: { receipt: InvestmentReceipt }) {
  return (
    <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount}>
      <AlertTitle>Investment submitted</AlertTitle>
      <DescriptionList
        items={[
          ['Trade ID', <Code key="trade" value={receipt.tradeId} />],
          [
            'Status',
            receipt.status === 'created'
              ? 'Created: awaiting funding and approval'
              : receipt.status,
          ],
          ['Offering', receipt.offeringName],
          ['Account', <Code key="account" value={receipt.accountId} />],
          ['Units', formatDecimal(receipt.units)],
          ['Amount', formatMoney(receipt.amount)],
          ['Payment', paymentMethodLabels[receipt.paymentMethod]],
          ...(receipt.createdAt
            ? ([['Submitted', formatTimestamp(receipt.createdAt)]] as [string, string][])
            : []),
        ]}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <Link component={RouterLink} to={paths.app.offering.getHref(receipt.offeringId)}>
          Back to the offering
        </Link>
        <Link component={RouterLink} to={paths.app.account.getHref(receipt.accountId)}>
          View the account
        </Link>
        <Link component={RouterLink} to={paths.app.accountMoney.getHref(receipt.accountId)}>
          See it on the account's timeline
        </Link>
      </Box>
    </Alert>
  );
}
