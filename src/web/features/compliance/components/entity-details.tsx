import type { EntityView } from '../../../../contract/compliance';
import { formatAmount, formatCalendarDate, formatCode, formatPhone } from '../../../lib/format';
import { DescriptionList, TitledPanel } from '../../../components/description-list';
import { oneLineAddress, orDash } from './details-list';
import { revealItem } from './reveal-field';
import { explainReview, reviewDay } from '../../../lib/review-status';

// Every review date as its day, in the one format the account review uses (reviewDay).
const reviewDate = (date: string | null) =>
  date === null ? '' : ` (${formatCalendarDate(reviewDay(date))})`;

/** An entity party (interface document §2.6) as found by the search; the EIN masked. */
export function EntityDetails({ entity }: { entity: EntityView }) {
  return (
    <>
      <TitledPanel id="entity-reviews" title="Reviews" sx={{ mb: 2 }}>
        <DescriptionList
          items={[
            [
              'KYC',
              `${explainReview('kyc', entity.reviews.kyc.status).label}${reviewDate(entity.reviews.kyc.date)}`,
            ],
            [
              'AML',
              `${explainReview('aml', entity.reviews.aml.status).label}${reviewDate(entity.reviews.aml.date)}`,
            ],
            ['Owners accredited', orDash(entity.ownersAccredited)],
          ]}
        />
      </TitledPanel>
      <TitledPanel id="entity-profile" title="Profile">
        <DescriptionList
          items={[
            ['Party ID', entity.id],
            ['Type', formatCode(entity.type)],
            ['Description', orDash(entity.description)],
            ['Domicile', orDash(entity.domicile)],
            revealItem({
              objectType: 'entity',
              objectId: entity.id,
              field: 'ein',
              masked: entity.einMasked,
            }),
            ['Address', oneLineAddress(entity.address)],
            ['Email', entity.emails.join(', ') || '—'],
            ['Phone', entity.phones.map(formatPhone).join(', ') || '—'],
            ['Total assets', formatAmount(entity.totalAssets)],
            ['Tags', orDash(entity.tags)],
            ['Notes', orDash(entity.notes)],
          ]}
        />
      </TitledPanel>
    </>
  );
}
