import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { depositFormSchema, type DepositReceipt } from '../../../../contract/cash';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiClientError, newIdempotencyKey } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useCreateDeposit } from '../api/create-deposit';

/** A deposit from the linked bank into the custody account (fundCustodyAccount). */
export function DepositForm({ accountId }: { accountId: string }) {
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per request: kept across retries of the same request, renewed after a receipt.
  const [key, setKey] = useState(newIdempotencyKey);
  const [receipt, setReceipt] = useState<DepositReceipt | null>(null);
  const deposit = useCreateDeposit();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = depositFormSchema.safeParse({
      amount,
      ...(description.trim() ? { description } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    deposit.mutate(
      { accountId, request: parsed.data, idempotencyKey: key },
      {
        onSuccess: (data) => {
          setReceipt(data);
          setAmount('');
          setDescription('');
          setKey(newIdempotencyKey());
        },
        onError: (failure) => {
          if (isApiClientError(failure) && failure.fields.length > 0) {
            setError(failure.fields[0].message);
          }
        },
      },
    );
  };

  return (
    <SectionCard title="Deposit into the custody account">
      {receipt && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          <AlertTitle>Deposit requested</AlertTitle>
          <DescriptionList
            items={[
              ['Reference', <Code key="ref" value={receipt.referenceNumber} />],
              ['Amount', formatMoney(receipt.amount)],
              ['Status', 'Pending approval: decided at the next 4:00 PM Mountain Time batch'],
            ]}
          />
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 420 }}
      >
        <TextField
          label="Deposit amount (USD)"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          error={error !== null}
          helperText={error ?? 'Up to $100,000, from your linked bank account.'}
          required
        />
        <TextField
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Button type="submit" variant="contained" disabled={deposit.isPending}>
          {deposit.isPending ? 'Sending…' : 'Request deposit'}
        </Button>
      </Box>
      {deposit.isError && !(isApiClientError(deposit.error) && deposit.error.fields.length > 0) && (
        <ErrorAlert error={deposit.error} title="The deposit was not confirmed" />
      )}
    </SectionCard>
  );
}
