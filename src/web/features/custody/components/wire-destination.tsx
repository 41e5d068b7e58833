import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { wireNumberLabels } from '../../../../contract/disbursements';
import type { ApprovalDestination } from '../../../../contract/identity';
import { Code, DescriptionList } from '../../../components/description-list';

/** A wire's bank and account numbers by the names the request form gave them. */
const labelsOf = (type: string) =>
  type in wireNumberLabels
    ? wireNumberLabels[type as keyof typeof wireNumberLabels]
    : { bankId: 'Bank', bankAccountId: 'Account' };

/**
 * Where a held wire goes: the bank, the account (masked by the BFF) and the wire's instructions,
 * so the second person checks the destination as well as the amount. One reading, shown as a
 * sentence in the approval's row or term by term in the decision's dialog, as the investor's
 * review listed it.
 */
export function WireDestination({
  type,
  destination,
  layout,
}: {
  /** The disbursement type (§4.5), which names the numbers. */
  type: string;
  destination: ApprovalDestination;
  layout: 'sentence' | 'terms';
}) {
  const labels = labelsOf(type);
  const { bankId, bankAccountIdMasked, additionalDetails } = destination;
  const numbers = [
    [labels.bankId, bankId],
    [labels.bankAccountId, bankAccountIdMasked],
  ] as const;
  if (layout === 'terms') {
    return (
      <DescriptionList
        items={[
          ...numbers.map(([term, value]): [string, ReactNode] => [
            term,
            <Code key={term} value={value} />,
          ]),
          ['Additional details', additionalDetails ?? 'None'],
        ]}
      />
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block' }}>
      {`To ${numbers.map(([term, value]) => `${term} ${value}`).join(', ')}.`}
      {additionalDetails && ` Additional details: ${additionalDetails}`}
    </Typography>
  );
}
