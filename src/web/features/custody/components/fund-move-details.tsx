import {
  fundMoveDirectionLabel,
  fundMoveTitle,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { formatCode, formatTimestamp, formatMoney } from '../../../lib/format';
import { FundMoveStatus } from './fund-move-status';

const stamp = (value: string | null) => (value ? formatTimestamp(value) : 'Not recorded');

export function FundMoveDetails({ move }: { move: FundMoveView }) {
  return (
    <SectionCard title="Fund move">
      <DescriptionList
        items={[
          ['Amount', formatMoney(move.amount)],
          ['What', fundMoveTitle(move)],
          ['Direction', fundMoveDirectionLabel(move.direction)],
          ['Description', move.description || 'No description'],
          ['Reference', <Code key="ref" value={move.referenceNumber} />],
          ['Status', <FundMoveStatus key="status" move={move} detailed />],
          ['Errors', move.errorMessage ?? 'None'],
          ['Bank', move.bankName ?? 'Not recorded'],
          ['Bank account', move.bankAccountNumberMasked ?? 'Not recorded'],
          ['Routing number', move.routingNumberMasked ?? 'Not recorded'],
          ['Account holder', move.bankAccountName ?? 'Not recorded'],
          [
            'Routing number check',
            move.routingNumberStatus ? formatCode(move.routingNumberStatus) : 'Not reported',
          ],
          ['Created', stamp(move.createdAt)],
          ['Updated', stamp(move.updatedAt)],
        ]}
      />
    </SectionCard>
  );
}
